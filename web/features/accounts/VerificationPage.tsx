import { Button, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { LicenceExpiryNotice } from '../../components/LicenceExpiryNotice.tsx';
import { useSession } from '../../lib/session.tsx';
import { ownLicence, updateLicence } from './api.ts';
import { AuthCard } from './AuthCard.tsx';
import { FormMessage } from './FormMessage.tsx';
import { emptyLicence, LicenceFields } from './LicenceFields.tsx';
import { useSubmit } from '../../lib/useSubmit.ts';

/** Where a rejected (or pending) member corrects the licence details and asks for another review. */
export default function VerificationPage() {
  const { refresh, user } = useSession();
  const navigate = useNavigate();
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
  const { busy, message, submit } = useSubmit('Failed to update your licence details.');

  const onSubmit = submit(async () => {
    await updateLicence(licence);
    await refresh();
    navigate('/');
  });

  return (
    <AuthCard title="Licence details" intro="Correct your licence details; an administrator will review them again." size={720}>
      <form onSubmit={onSubmit}>
        <Stack>
          <FormMessage message={message} />
          <LicenceExpiryNotice />
          <LicenceFields value={licence} onChange={setLicence} />
          <Button type="submit" loading={busy}>Send for review</Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
