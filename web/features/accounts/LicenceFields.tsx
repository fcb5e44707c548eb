import { Fieldset, SimpleGrid, Text, TextInput } from '@mantine/core';
import { defineMessages, useIntl } from 'react-intl';
import { todayIso } from '../../../common/privacy.ts';
import type { LicenceInput } from './api.ts';

const m = defineMessages({
  legend: { id: 'accounts.licence.legend', defaultMessage: 'Your licence or registration', description: 'Heading of the licence group on the register and licence-details forms.' },
  why: {
    id: 'accounts.licence.why',
    defaultMessage: 'Thera Root is for verified therapists only. An administrator checks these details against your licensing body\'s public register. '
      + 'Your designation, licensing body and region show on your profile with a Verified badge; your licence number is seen only by you and the administrators.',
    description: 'Why the licence is asked for, and who sees which part of it.',
  },
  profession: { id: 'accounts.licence.profession', defaultMessage: 'Professional designation', description: 'Label: the member\'s regulated title (e.g. Registered Psychotherapist).' },
  professionPlaceholder: { id: 'accounts.licence.professionPlaceholder', defaultMessage: 'Registered Psychotherapist', description: 'Example in the professional designation field.' },
  number: { id: 'accounts.licence.number', defaultMessage: 'Licence or registration number', description: 'Label of the licence number field.' },
  body: { id: 'accounts.licence.body', defaultMessage: 'Licensing body', description: 'Label: the regulatory body (ordre professionnel) that issued the licence.' },
  bodyPlaceholder: { id: 'accounts.licence.bodyPlaceholder', defaultMessage: 'CRPO, California BBS', description: 'Examples of licensing bodies (abbreviations, keep as they are or give local ones).' },
  region: { id: 'accounts.licence.region', defaultMessage: 'Province or state', description: 'Label: where the licence was issued.' },
  country: { id: 'accounts.licence.country', defaultMessage: 'Country', description: 'Label of the licence\'s country field.' },
  expires: { id: 'accounts.licence.expires', defaultMessage: 'Licence expiry date', description: 'Label of the licence expiry date field.' },
  expiresHelp: { id: 'accounts.licence.expiresHelp', defaultMessage: 'The date your current licence expires.', description: 'Help under the licence expiry date field.' },
});

/** The licence group of the register and verification forms, with why we ask and who sees what. */
export function LicenceFields({ value, onChange }: { value: LicenceInput; onChange: (next: LicenceInput) => void }) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const field = (key: keyof LicenceInput) => ({
    value: value[key],
    required: true,
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => onChange({ ...value, [key]: e.currentTarget.value }),
  });
  return (
    <Fieldset legend={t(m.legend)}>
      <Text size="sm" mb="sm">{t(m.why)}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t(m.profession)} placeholder={t(m.professionPlaceholder)} {...field('profession')} />
        <TextInput label={t(m.number)} {...field('licenceNumber')} />
        <TextInput label={t(m.body)} placeholder={t(m.bodyPlaceholder)} {...field('licensingBody')} />
        <TextInput label={t(m.region)} {...field('region')} />
        <TextInput label={t(m.country)} {...field('country')} />
        <TextInput label={t(m.expires)} type="date" min={todayIso()} description={t(m.expiresHelp)}
          {...field('licenceExpiresOn')} />
      </SimpleGrid>
    </Fieldset>
  );
}

export const emptyLicence: LicenceInput = { profession: '', licenceNumber: '', licensingBody: '', region: '', country: '', licenceExpiresOn: '' };
