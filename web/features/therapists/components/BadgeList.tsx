import { Badge, Group, VisuallyHidden } from '@mantine/core';

// Mantine's light badge with a given shade paints the background in that shade; the base colour keeps it pale,
// and the darkest shade as text keeps contrast well above 4.5:1.
export const TAG_COLORS = { brand: ['brand', 'brand.9'], indigo: ['indigo', 'indigo.9'], gray: ['gray', 'dark.7'] } as const;
export type TagColor = keyof typeof TAG_COLORS;

export function Tag({ value, color }: { value: string; color: TagColor }) {
  const [base, text] = TAG_COLORS[color];
  return <Badge variant="light" color={base} c={text} tt="none">{value}</Badge>;
}

type Props = { values: string[]; max: number; color: TagColor; noun: string };

/** Up to `max` badges and a '+N' badge for the rest (spec section 9); the hidden text says what N counts. */
export function BadgeList({ values, max, color, noun }: Props) {
  if (values.length === 0) return null;
  const rest = values.slice(max);
  return (
    <Group gap={6} aria-label={noun} role="group">
      {values.slice(0, max).map((v) => <Tag key={v} value={v} color={color} />)}
      {rest.length > 0 && (
        <Badge variant="outline" color="gray.7" tt="none" title={rest.join(', ')}>
          +{rest.length}<VisuallyHidden> more {noun.toLowerCase()}</VisuallyHidden>
        </Badge>
      )}
    </Group>
  );
}
