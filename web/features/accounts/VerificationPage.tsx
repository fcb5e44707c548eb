import { Button, Stack } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../app/session.tsx';
import { ApiError } from '../../lib/api.ts';
import { updateLicence } from './api.ts';
import { AuthCard } from './AuthCard.tsx';
import { FormMessage } from './FormMessage.tsx';
import { emptyLicence, LicenceFields } from './LicenceFields.tsx';

/** Where a rejected (or pending) member corrects the licence details and asks for another review. */
export default function VerificationPage() {
  const { refresh } = useSession();
  const navigate = useNavigate();
  const [licence, setLicence] = useState(emptyLicence);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    try {
      await updateLicence(licence);
      await refresh();
      navigate('/');
    } catch (error) {
      setMessage(error instanceof ApiError ? error.message : 'Failed to update your licence details.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Licence details" intro="Correct your licence details; an administrator will review them again." size={720}>
      <form onSubmit={submit}>
        <Stack>
          <FormMessage message={message} />
          <LicenceFields value={licence} onChange={setLicence} />
          <Button type="submit" loading={busy}>Send for review</Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
