import { Alert, Anchor } from '@mantine/core';
import { FormattedMessage, defineMessages, useIntl, type MessageTag } from 'react-intl';
import { Link } from 'react-router';
import { useSession } from '../../lib/session.tsx';

const m = defineMessages<{ title: { count: number }; body: { link: MessageTag }; close: Record<never, never> }>({
  title: {
    id: 'app.recoveryCodes.title',
    defaultMessage: '{count} recovery {count, plural, one {code} other {codes}} left',
    description: 'After a sign-in with a recovery code: how many codes the member has left.',
  },
  body: {
    id: 'app.recoveryCodes.body',
    defaultMessage: 'You signed in with a recovery code, and each works once. If your authenticator app is gone for good, turn two-factor sign-in off and on again in <link>Settings</link> to get new codes.',
    description: 'After a sign-in with a recovery code; <link> is a link to the security settings.',
  },
  close: { id: 'components.dialog.close', defaultMessage: 'Close', description: 'Accessible name of a dialog\'s close (X) button.' },
});

/** After a sign-in with a recovery code: how many are left (an email says so too), until the member closes it. */
export function RecoveryCodeNotice() {
  const { recoveryCodesLeft, dismissRecoveryNotice } = useSession();
  const intl = useIntl();
  if (recoveryCodesLeft === null) return null;
  return (
    <Alert color="blue" variant="light" mb="md" role="status" title={intl.formatMessage(m.title, { count: recoveryCodesLeft })}
      withCloseButton closeButtonLabel={intl.formatMessage(m.close)} onClose={dismissRecoveryNotice}>
      <FormattedMessage {...m.body} values={{ link: (text) => <Anchor component={Link} to="/settings/security">{text}</Anchor> }} />
    </Alert>
  );
}
