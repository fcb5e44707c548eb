import { VisuallyHidden } from '@mantine/core';
import { defineMessages, useIntl } from 'react-intl';
import './card.css';

// A pale background of the colour with its darkest shade as text keeps contrast well above 4.5:1 (card.css).
export type TagColor = 'brand' | 'indigo' | 'gray';

/** A tag in Mantine's light badge look, as a plain element (card.css says why). */
export function Tag({ value, color }: { value: string; color: TagColor }) {
  return <span className="tag" data-color={color}>{value}</span>;
}

// Between the count and what it counts: the same in every language.
const SPACE = ' ';

type Props = {
  values: string[]; max: number; color: TagColor;
  /** Each stored value's label in the member's language. */
  label: (value: string) => string;
  /** The group's name ("Specialties"), and what the hidden text after "+N" says ("more specialties"). */
  noun: string; moreNoun: string;
};

const m = defineMessages<{ more: { count: number } }>({
  more: { id: 'therapists.badges.more', defaultMessage: '+{count}', description: 'A badge counting the values not shown (+3); hidden text after it says what it counts.' },
});

/** Up to `max` badges and a '+N' badge for the rest (spec section 9); the hidden text says what N counts. */
export function BadgeList({ values, max, color, label, noun, moreNoun }: Props) {
  const intl = useIntl();
  if (values.length === 0) return null;
  const rest = values.slice(max);
  return (
    <div className="tag-list" aria-label={noun} role="group">
      {values.slice(0, max).map((v) => <Tag key={v} value={label(v)} color={color} />)}
      {rest.length > 0 && (
        <span className="tag" data-color="more" title={rest.map(label).join(', ')}>
          {intl.formatMessage(m.more, { count: rest.length })}<VisuallyHidden>{SPACE}{moreNoun}</VisuallyHidden>
        </span>
      )}
    </div>
  );
}
