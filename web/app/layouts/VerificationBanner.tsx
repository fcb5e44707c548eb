import { Alert, Anchor } from '@mantine/core';
import { FormattedMessage, defineMessages, useIntl, type MessageTag } from 'react-intl';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../lib/session.tsx';

// Yellow text on the light yellow background fails contrast (axe), so the title is dark.
const READABLE_TITLE = { title: { color: 'var(--mantine-color-dark-8)' } };

type Link = { link: MessageTag };
const m = defineMessages<{
  pendingTitle: Record<never, never>; pending: Record<never, never>; rejectedTitle: Record<never, never>;
  rejected: Link; rejectedWithReason: Link & { reason: string };
}>({
  pendingTitle: { id: 'app.verification.pendingTitle', defaultMessage: 'Verification pending', description: 'Banner title for a member whose licence is not yet verified.' },
  pending: {
    id: 'app.verification.pending',
    defaultMessage: 'Your licence verification is pending. An administrator will review your credentials soon; until then you can complete your profile and browse the directory and resources. The forums, chat and colleagues\' profiles open once your licence is verified.',
    description: 'Banner for a member whose licence is not yet verified.',
  },
  rejectedTitle: { id: 'app.verification.rejectedTitle', defaultMessage: 'Verification declined', description: 'Banner title for a member whose licence was declined.' },
  rejected: {
    id: 'app.verification.rejected',
    defaultMessage: 'Your licence could not be verified. <link>Correct your licence details</link> to ask for another review.',
    description: 'Banner for a member whose licence was declined, without a reason; <link> goes to the verification screen.',
  },
  rejectedWithReason: {
    id: 'app.verification.rejectedWithReason',
    defaultMessage: 'Your licence could not be verified: {reason} <link>Correct your licence details</link> to ask for another review.',
    description: 'Banner for a member whose licence was declined: {reason} is the administrator\'s reason; <link> goes to the verification screen.',
  },
});

const correct = (text: ReactNode[]) => <Anchor component={Link} to="/verification">{text}</Anchor>;

export function VerificationBanner() {
  const { user } = useSession();
  const intl = useIntl();
  if (user?.verificationStatus === 'pending') {
    return (
      <Alert color="yellow" title={intl.formatMessage(m.pendingTitle)} styles={READABLE_TITLE} mb="md" role="status">
        {intl.formatMessage(m.pending)}
      </Alert>
    );
  }
  if (user?.verificationStatus === 'rejected') {
    return (
      <Alert color="red" title={intl.formatMessage(m.rejectedTitle)} mb="md" role="alert">
        {user.rejectionReason
          ? <FormattedMessage {...m.rejectedWithReason} values={{ reason: user.rejectionReason, link: correct }} />
          : <FormattedMessage {...m.rejected} values={{ link: correct }} />}
      </Alert>
    );
  }
  return null;
}
