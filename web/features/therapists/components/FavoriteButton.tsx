import { ActionIcon } from '@mantine/core';
import { defineMessage, defineMessages, useIntl, type MessageValue } from 'react-intl';
import { useToggleFavorite } from '../api.ts';
import './hint.css';

const m = defineMessages({
  inNetwork: { id: 'therapists.favorite.inNetwork', defaultMessage: 'In your network', description: 'Hint on the star of a therapist one has starred' },
  add: { id: 'therapists.favorite.add', defaultMessage: 'Add to your network', description: 'Hint on the star of a therapist one has not starred' },
});
const favouriteName = defineMessage<{ name: MessageValue }>({ id: 'therapists.favorite.label', defaultMessage: 'Favourite {name}', description: 'Accessible name of the star toggle that keeps a therapist in one\'s network; name: the therapist' });

function StarIcon({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false"
      fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
      <path d="M12 2.8l2.8 5.9 6.4.8-4.7 4.5 1.2 6.4L12 17.3l-5.7 3.1 1.2-6.4-4.7-4.5 6.4-.8z" />
    </svg>
  );
}

/** A toggle: the label stays the same and aria-pressed says whether the therapist is in the network. */
export function FavoriteButton({ userId, name, active }: { userId: string; name: string; active: boolean }) {
  const toggle = useToggleFavorite();
  const intl = useIntl();
  const label = intl.formatMessage(favouriteName, { name });
  return (
    <span className="hint" data-hint={intl.formatMessage(active ? m.inNetwork : m.add)}>
      <ActionIcon
        variant="subtle" size="lg" color={active ? 'yellow.9' : 'gray.7'}
        aria-label={label} aria-pressed={active} loading={toggle.isPending}
        onClick={() => toggle.mutate(userId, { onError: (error) => console.error('Failed to update favourites', error) })}
      >
        <StarIcon filled={active} />
      </ActionIcon>
    </span>
  );
}
