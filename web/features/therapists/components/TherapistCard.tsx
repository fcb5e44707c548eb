import { COMMA } from '../../../lib/punctuation.ts';
import { defineMessage, defineMessages, FormattedMessage, useIntl, type MessageValue } from 'react-intl';
import { Link } from 'react-router';
import { BADGES_ON_CARD } from '../../../../common/constants.ts';
import { respondsToText, respondsWithinText } from '../../../../common/referral-outcomes.ts';
import type { TherapistCard as Card_ } from '../../../../common/therapists.ts';
import { UserAvatar } from '../../../components/UserAvatar.tsx';
import { useOptionLabels } from '../../../lib/option-labels.ts';
import { fieldMessages as field } from '../messages.ts';
import { AvailabilityBadge } from './AvailabilityBadge.tsx';
import { BadgeList } from './BadgeList.tsx';
import { FavoriteButton } from './FavoriteButton.tsx';
import { StartChatButton } from './StartChatButton.tsx';
import './card.css';

const m = defineMessages({
  moreSpecialties: { id: 'therapists.card.moreSpecialties', defaultMessage: 'more specialties', description: 'Hidden text after a "+3" badge: what the 3 counts' },
  moreModalities: { id: 'therapists.card.moreModalities', defaultMessage: 'more modalities', description: 'Hidden text after a "+3" badge: what the 3 counts' },
  languages: { id: 'therapists.card.languages', defaultMessage: 'Languages:', description: 'Before the languages a therapist offers sessions in, on a directory card' },
});
const worksAt = defineMessage<{ practices: MessageValue }>({ id: 'therapists.card.worksAt', defaultMessage: 'Works at {practices}', description: 'On a directory card: the group practices (cliniques) the therapist belongs to; practices: their names as links' });

type Props = {
  therapist: Card_;
  /** Present for a verified viewer: the star and Start Chat show only then. */
  viewer?: { isFavorite: boolean };
};

export function TherapistCard({ therapist: t, viewer }: Props) {
  const intl = useIntl();
  const labels = useOptionLabels();
  const profile = `/profile/${t._id}`;
  // Plain text like the rest of the card: absent below three referrals.
  const responds = [respondsWithinText(t.medianResponseHours), respondsToText(t.responseRate)].filter(Boolean).join(' · ');
  return (
    <article className="therapist-card" aria-labelledby={`therapist-${t._id}`}>
      <div className="therapist-card-head">
        <UserAvatar name={t.name} src={t.avatar} size={56} />
        <div className="therapist-card-who">
          <h2 id={`therapist-${t._id}`}><Link to={profile}>{t.name}</Link></h2>
          {t.profession && <p>{t.profession}</p>}
          {t.location && <p className="dimmed">{t.location}</p>}
          {Boolean(t.practices?.length) && (
            <p data-testid="works-at">
              <FormattedMessage {...worksAt} values={{ practices: t.practices?.map((pr, i) => (
                <span key={pr._id}>{i > 0 ? COMMA : ''}<Link to={`/practices/${pr.slug}`}>{pr.name}</Link></span>
              )) }} />
            </p>
          )}
          {t.acceptingClients !== 'not accepting' && <div className="therapist-card-availability"><AvailabilityBadge status={t.acceptingClients} /></div>}
          {responds && <p className="dimmed" data-testid="responsiveness">{responds}</p>}
        </div>
        {viewer && <FavoriteButton userId={t._id} name={t.name} active={viewer.isFavorite} />}
      </div>
      <div className="therapist-card-tags">
        <BadgeList values={t.specialties} max={BADGES_ON_CARD} color="brand" label={labels.specialty}
          noun={intl.formatMessage(field.specialties)} moreNoun={intl.formatMessage(m.moreSpecialties)} />
        <BadgeList values={t.modalities} max={BADGES_ON_CARD} color="indigo" label={labels.modality}
          noun={intl.formatMessage(field.modalities)} moreNoun={intl.formatMessage(m.moreModalities)} />
        {t.languages.length > 0 && <p><strong>{intl.formatMessage(m.languages)}</strong> {t.languages.map(labels.language).join(', ')}</p>}
      </div>
      {viewer && (
        <div className="therapist-card-action">
          <StartChatButton userId={t._id} name={t.name} variant="light" fullWidth />
        </div>
      )}
    </article>
  );
}
