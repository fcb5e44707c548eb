import { Alert, Button, Code, Group, Image, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { TwoFactorSetup } from '../../../common/security.ts';
import { useSession } from '../../lib/session.tsx';
import { useSubmit } from '../../lib/useSubmit.ts';
import { RecoveryCodes } from './RecoveryCodes.tsx';
import { startTwoFactorSetup, useDisableTwoFactor, useEnableTwoFactor, useTwoFactorStatus } from './security-api.ts';

export function TwoFactorSection() {
  const status = useTwoFactorStatus();
  const { refresh } = useSession();
  // Shown once, right after enabling; the server keeps only their hashes.
  const [codes, setCodes] = useState<string[] | null>(null);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="two-factor-title">
      <Title order={2} size="h4" id="two-factor-title" mb="xs">Two-factor sign-in</Title>
      {status.isPending && <Text size="sm">Loading…</Text>}
      {status.isError && <Text size="sm" c="red.9" role="alert">Could not load. Please try again.</Text>}
      {codes && <RecoveryCodes codes={codes} onDone={() => void refresh().then(() => setCodes(null))} />}
      {!codes && status.data && (status.data.enabled
        ? <TwoFactorOn codesLeft={status.data.recoveryCodesLeft} />
        : <Enrolment onEnabled={setCodes} />)}
    </Paper>
  );
}

/**
 * Setup: the current password first (a session alone must not be able to enrol the account), then the QR code (drawn
 * here, in the browser) and the key as text, then the first code turns it on.
 */
function Enrolment({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [password, setPassword] = useState('');
  const start = useSubmit('Could not start the setup. Please try again.');
  if (!setup) {
    return (
      <form onSubmit={start.submit(async () => setSetup(await startTwoFactorSetup(password)))} aria-label="Set up two-factor sign-in">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">Two-factor sign-in is off. With it on, signing in also asks for a code from an authenticator app on your phone.</Text>
          <Text size="sm">Turning it on signs out your other sessions.</Text>
          {start.message && <Alert color="red" role="alert">{start.message}</Alert>}
          <PasswordInput label="Current password" autoComplete="current-password" required w="100%" maw={360}
            value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
          <Button type="submit" loading={start.busy}>Set up two-factor sign-in</Button>
        </Stack>
      </form>
    );
  }
  return <ConfirmSetup setup={setup} onEnabled={onEnabled} />;
}

function ConfirmSetup({ setup, onEnabled }: { setup: TwoFactorSetup; onEnabled: (codes: string[]) => void }) {
  const enable = useEnableTwoFactor();
  const [code, setCode] = useState('');
  const qr = useQrCode(setup.uri);
  const { busy, message, submit } = useSubmit('Could not turn on two-factor sign-in. Please try again.');
  const onSubmit = submit(async () => {
    const { recoveryCodes } = await enable.mutateAsync(code);
    // The session's user is refreshed only once the codes are saved: an administrator who had to enrol then leaves
    // this screen for the whole app, which would unmount the codes before they were read.
    onEnabled(recoveryCodes);
  });
  return (
    <form onSubmit={onSubmit}>
      <Stack gap="sm">
        <Text size="sm">1. Scan this QR code with your authenticator app.</Text>
        {qr ? <Image src={qr} alt="QR code for your authenticator app" w={200} h={200} /> : <Text size="sm">Drawing the QR code…</Text>}
        <Text size="sm">Or enter this key in the app:</Text>
        <Code block data-testid="two-factor-secret" style={{ wordBreak: 'break-all' }}>{setup.secret}</Code>
        <Text size="sm">2. Enter the 6-digit code the app shows.</Text>
        {message && <Alert color="red" role="alert">{message}</Alert>}
        <TextInput label="Code from the app" autoComplete="one-time-code" inputMode="numeric" required maxLength={40}
          value={code} onChange={(e) => setCode(e.currentTarget.value)} />
        <Group><Button type="submit" loading={busy}>Turn on</Button></Group>
      </Stack>
    </form>
  );
}

/** The otpauth:// URI as a PNG data URL, made in the browser (the CSP allows data: images); the library loads on demand. */
function useQrCode(uri: string): string | null {
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void import('qrcode').then(({ toDataURL }) => toDataURL(uri, { width: 200, margin: 1 })).then((url) => current && setImage(url));
    return () => {
      current = false;
    };
  }, [uri]);
  return image;
}

function TwoFactorOn({ codesLeft }: { codesLeft: number }) {
  const disable = useDisableTwoFactor();
  const { refresh } = useSession();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const { busy, message, submit } = useSubmit('Could not turn off two-factor sign-in. Please try again.');
  const onSubmit = submit(async () => {
    await disable.mutateAsync({ password, code });
    await refresh();
  });
  return (
    <Stack gap="sm">
      <Text size="sm" role="status">Two-factor sign-in is on. You have {codesLeft} unused recovery code{codesLeft === 1 ? '' : 's'}.</Text>
      <form onSubmit={onSubmit} aria-label="Turn off two-factor sign-in">
        <Stack gap="xs">
          <Text size="sm" fw={500}>Turn it off</Text>
          {message && <Alert color="red" role="alert">{message}</Alert>}
          <PasswordInput label="Password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
          <TextInput label="Code from the app or a recovery code" autoComplete="one-time-code" required maxLength={40}
            value={code} onChange={(e) => setCode(e.currentTarget.value)} />
          <Group><Button type="submit" color="red" variant="light" loading={busy}>Turn off two-factor sign-in</Button></Group>
        </Stack>
      </form>
    </Stack>
  );
}
