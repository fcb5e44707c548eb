import { Badge } from '@mantine/core';
import { useOptionLabels } from '../../../lib/option-labels.ts';
import './card.css';

// Light badges with the darkest text shade keep contrast above 4.5:1 (as BadgeList's tags).
const LOOK: Record<string, { color: string; c: string }> = {
  accepting: { color: 'green', c: 'dark.8' },
  waitlist: { color: 'yellow', c: 'dark.8' },
  'not accepting': { color: 'gray', c: 'dark.7' },
};

export function AvailabilityBadge({ status }: { status: string }) {
  const labels = useOptionLabels();
  const look = LOOK[status] ?? LOOK['not accepting'];
  // Wraps rather than being cut when the label is longer than the room (« Accepte de nouveaux clients » on a card).
  return (
    <Badge variant="light" color={look.color} c={look.c} tt="none" classNames={{ root: 'availability-badge', label: 'availability-badge-label' }}>
      {labels.accepting(status)}
    </Badge>
  );
}
