import { Button, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router';
import { LicenceExpiryNotice } from '../../components/LicenceExpiryNotice.tsx';
import { useSession } from '../../lib/session.tsx';
import { ownLicence, updateLicence } from './api.ts';
import { AuthCard } from './AuthCard.tsx';
import { FormMessage } from './FormMessage.tsx';
import { emptyLicence, LicenceFields } from './LicenceFields.tsx';
import { useSubmit } from '../../lib/useSubmit.ts';
import type { JustRegistered } from './RegisterPage.tsx';

/**
 * What each state asks of the member: a first application waits (its details may still be corrected); a declined one
 * is corrected and sent back for review.
 */
const m = defineMessages({
  title: { id: 'accounts.verification.title', defaultMessage: 'Licence details', description: 'Title of the screen where a member checks or corrects the licence sent for verification.' },
  saved: { id: 'accounts.verification.saved', defaultMessage: 'Your licence details were saved.', description: 'A waiting member\'s corrections were saved.' },
  failed: { id: 'accounts.verification.failed', defaultMessage: 'Failed to update your licence details.', description: 'Saving the licence failed and the server gave no reason.' },
  pendingIntro: {
    id: 'accounts.verification.pendingIntro',
    defaultMessage: 'Thank you for applying. An administrator will review your licence details and email you when they are verified. '
      + 'If you spot a mistake, correct it here.',
    description: 'Licence details screen, while the first application waits for review.',
  },
  pendingButton: { id: 'accounts.verification.pendingButton', defaultMessage: 'Save changes', description: 'Saves corrections to a waiting application.' },
  correctionIntro: {
    id: 'accounts.verification.correctionIntro', defaultMessage: 'Correct your licence details; an administrator will review them again.',
    description: 'Licence details screen, after an administrator declined the licence.',
  },
  correctionButton: { id: 'accounts.verification.correctionButton', defaultMessage: 'Send for review', description: 'Sends corrected licence details for another review.' },
});
const WORDING = {
  pending: { intro: m.pendingIntro, button: m.pendingButton },
  correction: { intro: m.correctionIntro, button: m.correctionButton },
} as const;

/** Where a pending member checks the licence details sent, and a rejected one corrects them for another review. */
export default function VerificationPage() {
  const intl = useIntl();
  const t = intl.formatMessage;
  const { refresh, user } = useSession();
  const navigate = useNavigate();
  const registered = (useLocation().state as JustRegistered | null)?.registered;
  const [licence, setLicence] = useState(emptyLicence);
  const userId = user?._id;
  // Prefilled with what the member submitted, so a rejected licence is corrected, not typed again from blank.
  useEffect(() => {
    if (!userId) return;
    let current = true;
    ownLicence(userId).then((submitted) => {
      if (current) setLicence((typed) => (typed === emptyLicence ? submitted : typed));
    }, () => undefined);
    return () => { current = false; };
  }, [userId]);
  const { busy, message, setMessage, submit } = useSubmit(t(m.failed));
  const waiting = user?.verificationStatus === 'pending';
  const wording = waiting ? WORDING.pending : WORDING.correction;

  const [saved, setSaved] = useState(false);
  const onSubmit = submit(async () => {
    setSaved(false);
    await updateLicence(licence);
    // Still waiting, as before: the member stays here and is told it was saved.
    if (waiting) {
      setSaved(true);
      return setMessage(t(m.saved));
    }
    await refresh();
    navigate('/');
  });

  return (
    <AuthCard title={t(m.title)} intro={t(wording.intro)} size={720}>
      <form onSubmit={onSubmit}>
        <Stack>
          <FormMessage message={message ?? registered ?? null} success={(saved && message !== null) || (!message && Boolean(registered))} />
          <LicenceExpiryNotice />
          <LicenceFields value={licence} onChange={setLicence} />
          <Button type="submit" loading={busy}>{t(wording.button)}</Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
