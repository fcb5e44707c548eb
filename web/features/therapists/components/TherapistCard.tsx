import { Link } from 'react-router';
import { BADGES_ON_CARD } from '../../../../common/constants.ts';
import type { TherapistCard as Card_ } from '../../../../common/therapists.ts';
import { UserAvatar } from '../../../components/UserAvatar.tsx';
import { AvailabilityBadge } from './AvailabilityBadge.tsx';
import { BadgeList } from './BadgeList.tsx';
import { FavoriteButton } from './FavoriteButton.tsx';
import { StartChatButton } from './StartChatButton.tsx';
import './card.css';

type Props = {
  therapist: Card_;
  /** Present for a verified viewer: the star and Start Chat show only then. */
  viewer?: { isFavorite: boolean };
};

export function TherapistCard({ therapist: t, viewer }: Props) {
  const profile = `/profile/${t._id}`;
  return (
    <article className="therapist-card" aria-labelledby={`therapist-${t._id}`}>
      <div className="therapist-card-head">
        <UserAvatar name={t.name} src={t.avatar} size={56} />
        <div className="therapist-card-who">
          <h2 id={`therapist-${t._id}`}><Link to={profile}>{t.name}</Link></h2>
          {t.profession && <p>{t.profession}</p>}
          {t.location && <p className="dimmed">{t.location}</p>}
          {t.acceptingClients !== 'not accepting' && <div className="therapist-card-availability"><AvailabilityBadge status={t.acceptingClients} /></div>}
        </div>
        {viewer && <FavoriteButton userId={t._id} name={t.name} active={viewer.isFavorite} />}
      </div>
      <div className="therapist-card-tags">
        <BadgeList values={t.specialties} max={BADGES_ON_CARD} color="brand" noun="Specialties" />
        <BadgeList values={t.modalities} max={BADGES_ON_CARD} color="indigo" noun="Modalities" />
        {t.languages.length > 0 && <p><strong>Languages:</strong> {t.languages.join(', ')}</p>}
      </div>
      {viewer && (
        <div className="therapist-card-action">
          <StartChatButton userId={t._id} name={t.name} variant="light" fullWidth />
        </div>
      )}
    </article>
  );
}
