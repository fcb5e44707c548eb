// The pseudo-locale en-XA (docs/decisions/0272): each English message with its letters accented, its vowels doubled
// (about 40 % longer, as French and German often are) and brackets around it: "[Šéééttîîñĝš]". Made from en.json when
// chosen (a browser test's hook), never shipped to anyone else: text a page shows in plain English is text that does
// not come from the catalogue, and a layout that breaks is one that cannot take longer words. The English messages come
// compiled by the build (docs/decisions/0395: the browser has no parser).
import { TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import english from '../../common/i18n/lang/en.json?ast';

const PLAIN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ACCENTED = 'áƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ';
const ACCENT = new Map([...PLAIN].map((letter, i) => [letter, [...ACCENTED][i]]));

/** "Settings" -> "Šéééttîîñĝš". */
export function pseudoText(text: string): string {
  return [...text].map((c) => {
    const accented = ACCENT.get(c) ?? c;
    return 'aeiouAEIOU'.includes(c) ? accented + accented : accented;
  }).join('');
}

function pseudoElements(elements: MessageFormatElement[]): MessageFormatElement[] {
  return elements.map((element) => {
    if (element.type === TYPE.literal) return { ...element, value: pseudoText(element.value) };
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      const options = Object.fromEntries(Object.entries(element.options)
        .map(([key, option]) => [key, { ...option, value: pseudoElements(option.value) }]));
      return { ...element, options };
    }
    if (element.type === TYPE.tag) return { ...element, children: pseudoElements(element.children) };
    return element;
  });
}

const bracket = (value: string): MessageFormatElement => ({ type: TYPE.literal, value });

/** Every message of the catalogue in the pseudo-locale, parsed (react-intl takes messages as syntax trees too). */
export function pseudoCatalogue(): Record<string, MessageFormatElement[]> {
  return Object.fromEntries(Object.entries(english).map(([id, elements]) => [id, [bracket('['), ...pseudoElements(elements), bracket(']')]]));
}
