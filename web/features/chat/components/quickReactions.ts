// The spec's seven quick reactions, the picker's first row. The picker library keeps them in a reactions bar of their
// own; shown as its own category instead (a custom one, drawn from the native emoji), they lead the full picker and
// make the spec's 10 categories: quick reactions, recently used and the library's eight.
import type { PickerProps } from 'emoji-picker-react';

const QUICK = [
  { unified: '1f44d', name: 'thumbs up' }, { unified: '2764-fe0f', name: 'red heart' },
  { unified: '1f603', name: 'grinning face with big eyes' }, { unified: '1f622', name: 'crying face' },
  { unified: '1f64f', name: 'folded hands' }, { unified: '1f44e', name: 'thumbs down' },
  { unified: '1f621', name: 'pouting face' },
];

export const QUICK_REACTIONS_GROUP = 'quick';

const native = (unified: string) => String.fromCodePoint(...unified.split('-').map((hex) => parseInt(hex, 16)));

/** An image of the native emoji, so the custom category looks like the rest (data: is allowed by the CSP's img-src). */
const imageOf = (unified: string) => `data:image/svg+xml,${encodeURIComponent(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><text x="16" y="26" font-size="26" text-anchor="middle">${native(unified)}</text></svg>`)}`;

const ids = new Map(QUICK.map((q) => [`quick-${q.unified}`, native(q.unified)]));

export const quickReactionEmojis: NonNullable<PickerProps['customEmojis']> = QUICK.map((q) => ({
  id: `quick-${q.unified}`, names: [q.name], imgUrl: imageOf(q.unified), group: QUICK_REACTIONS_GROUP,
}));

/** The text to insert for a pick: a quick reaction's id stands for its native emoji. */
export function emojiText(pick: { emoji: string; isCustom: boolean }): string {
  return pick.isCustom ? ids.get(pick.emoji) ?? '' : pick.emoji;
}
