// The option lists' labels in the member's language (docs/decisions/0260). What is stored, sent and put in
// addresses is always the English value of common/options.ts (and a region's code); only what a member reads is
// translated, through the catalogue messages of ./option-messages (ids `options.<list>.<value>`). Every screen that shows
// or offers an option labels it here, so one value has one name in a language across the app.
import { useMemo } from 'react';
import { useIntl, type IntlShape, type MessageDescriptor } from 'react-intl';
import { DEFAULT_LOCALE } from '../../common/i18n/locales.ts';
import { LANGUAGE_MESSAGES } from './option-messages/languages.ts';
import { MODALITY_MESSAGES } from './option-messages/modalities.ts';
import { COUNTRY_MESSAGES, REGION_MESSAGES } from './option-messages/regions.ts';
import {
  ACCEPTING_MESSAGES, AGE_GROUP_MESSAGES, FEE_MODEL_MESSAGES, GENDER_MESSAGES, RESOURCE_CATEGORY_MESSAGES, SESSION_FORMAT_MESSAGES,
} from './option-messages/short-lists.ts';
import { SPECIALTY_MESSAGES } from './option-messages/specialties.ts';

/** A stored value's label; a value that is not in the list (a self-described gender, an old value) is shown as it is. */
export type Label = (value: string) => string;
/** An option of Mantine's Select, MultiSelect and TagsInput: the stored value and what the member reads. */
type OptionChoice = { value: string; label: string };

function labeller(intl: IntlShape, messages: Record<string, MessageDescriptor>): Label {
  return (value) => (Object.hasOwn(messages, value) ? intl.formatMessage(messages[value]) : value);
}

const COUNTRY_SPELLINGS: Record<string, string> = {
  canada: 'Canada', usa: 'United States', us: 'United States', 'u.s.': 'United States', 'u.s.a.': 'United States',
  'united states': 'United States', 'united states of america': 'United States',
};

function optionLabels(intl: IntlShape) {
  const translated = intl.locale !== DEFAULT_LOCALE;
  const collator = new Intl.Collator(intl.locale, { sensitivity: 'base', numeric: true });
  const region = labeller(intl, REGION_MESSAGES);
  // A licence's country is typed by the member: the usual ways of writing the two countries are named as the lists name them.
  const countryLabel = labeller(intl, COUNTRY_MESSAGES);
  const country: Label = (value) => countryLabel(COUNTRY_SPELLINGS[value.trim().toLowerCase()] ?? value);
  /**
   * A list's choices. `alphabetical` lists (specialties, modalities, languages, regions) are written in English in the
   * order members know; in another language they are sorted by their label with the locale's collation, so a French
   * list reads alphabetically too. Ordered lists (age groups, formats, statuses) keep their order in every language.
   */
  const choices = (values: readonly string[], label: Label, { alphabetical = false } = {}): OptionChoice[] => {
    const list = values.map((value) => ({ value, label: label(value) }));
    return alphabetical && translated ? list.sort((a, b) => collator.compare(a.label, b.label)) : list;
  };
  return {
    specialty: labeller(intl, SPECIALTY_MESSAGES),
    modality: labeller(intl, MODALITY_MESSAGES),
    ageGroup: labeller(intl, AGE_GROUP_MESSAGES),
    sessionFormat: labeller(intl, SESSION_FORMAT_MESSAGES),
    language: labeller(intl, LANGUAGE_MESSAGES),
    feeModel: labeller(intl, FEE_MODEL_MESSAGES),
    gender: labeller(intl, GENDER_MESSAGES),
    /** A referral availability status ('accepting', 'waitlist', 'not accepting'). */
    accepting: labeller(intl, ACCEPTING_MESSAGES),
    /** A resource library's category ('Articles', 'Worksheets'...). */
    resourceCategory: labeller(intl, RESOURCE_CATEGORY_MESSAGES),
    /** A province's or state's name from its code ("Quebec" / « Québec »). */
    region,
    /** "Quebec (QC)": a region as the lists offer it. */
    regionWithCode: (code: string) => `${region(code)} (${code})`,
    country,
    choices,
    /** Names sorted in the member's language (« Élise » beside « Eric », not after « Zoé »). */
    compare: collator.compare,
    /**
     * The stored value a member typed or picked as a label (a community's tags): the value whose label it is, whatever
     * the case, else the typed text as it is (the server decides whether it is allowed).
     */
    valueOf: (typed: string, values: readonly string[], label: Label): string => {
      const wanted = typed.trim().toLocaleLowerCase(intl.locale);
      return values.find((v) => label(v).toLocaleLowerCase(intl.locale) === wanted || v.toLowerCase() === wanted) ?? typed.trim();
    },
  };
}

export type OptionLabels = ReturnType<typeof optionLabels>;

/** The option labels of the member's language; the same object until the language changes. */
export function useOptionLabels(): OptionLabels {
  const intl = useIntl();
  return useMemo(() => optionLabels(intl), [intl]);
}
