import { Button, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
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
const SAVED = 'Your licence details were saved.';
const WORDING = {
  pending: {
    intro: 'Thank you for applying. An administrator will review your licence details and email you when they are verified. '
      + 'If you spot a mistake, correct it here.',
    button: 'Save changes',
  },
  correction: { intro: 'Correct your licence details; an administrator will review them again.', button: 'Send for review' },
} as const;

/** Where a pending member checks the licence details sent, and a rejected one corrects them for another review. */
export default function VerificationPage() {
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
  const { busy, message, setMessage, submit } = useSubmit('Failed to update your licence details.');
  const waiting = user?.verificationStatus === 'pending';
  const wording = waiting ? WORDING.pending : WORDING.correction;

  const onSubmit = submit(async () => {
    await updateLicence(licence);
    // Still waiting, as before: the member stays here and is told it was saved.
    if (waiting) return setMessage(SAVED);
    await refresh();
    navigate('/');
  });

  return (
    <AuthCard title="Licence details" intro={wording.intro} size={720}>
      <form onSubmit={onSubmit}>
        <Stack>
          <FormMessage message={message ?? registered ?? null} success={message === SAVED || (!message && Boolean(registered))} />
          <LicenceExpiryNotice />
          <LicenceFields value={licence} onChange={setLicence} />
          <Button type="submit" loading={busy}>{wording.button}</Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
