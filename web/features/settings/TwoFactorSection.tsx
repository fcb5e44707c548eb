import { Alert, Button, Code, Group, Image, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { withValues } from '../../lib/messages.ts';
import type { TwoFactorSetup } from '../../../common/security.ts';
import { useSession } from '../../lib/session.tsx';
import { useSubmit } from '../../lib/useSubmit.ts';
import { RecoveryCodes } from './RecoveryCodes.tsx';
import { startTwoFactorSetup, useDisableTwoFactor, useEnableTwoFactor, useTwoFactorStatus } from './security-api.ts';

const m = withValues(defineMessages({
  title: { id: 'settings.twoFactor.title', defaultMessage: 'Two-factor sign-in', description: 'Heading of the two-factor sign-in section (Security tab).' },
  loading: { id: 'settings.loading', defaultMessage: 'Loading…', description: 'A settings section while it loads.' },
  loadFailed: { id: 'settings.loadFailed', defaultMessage: 'Could not load. Please try again.', description: 'A settings section could not be read.' },
  startFailed: { id: 'settings.twoFactor.startFailed', defaultMessage: 'Could not start the setup. Please try again.', description: 'Starting the two-factor setup failed (no server reason).' },
  setUp: { id: 'settings.twoFactor.setUp', defaultMessage: 'Set up two-factor sign-in', description: 'Button (and form name) starting the two-factor setup.' },
  off: {
    id: 'settings.twoFactor.off', defaultMessage: 'Two-factor sign-in is off. With it on, signing in also asks for a code from an authenticator app on your phone.',
    description: 'Two-factor sign-in is not on: what it does.',
  },
  signsOut: { id: 'settings.twoFactor.signsOut', defaultMessage: 'Turning it on signs out your other sessions.', description: 'Before setting up two-factor sign-in.' },
  currentPassword: { id: 'settings.currentPassword', defaultMessage: 'Current password', description: 'Label: the member\'s current password, asked again before a sensitive change.' },
  enableFailed: { id: 'settings.twoFactor.enableFailed', defaultMessage: 'Could not turn on two-factor sign-in. Please try again.', description: 'Turning on two-factor sign-in failed (no server reason).' },
  scan: { id: 'settings.twoFactor.scan', defaultMessage: '1. Scan this QR code with your authenticator app.', description: 'First step of the setup.' },
  qrAlt: { id: 'settings.twoFactor.qrAlt', defaultMessage: 'QR code for your authenticator app', description: 'Text alternative of the QR code image.' },
  drawing: { id: 'settings.twoFactor.drawing', defaultMessage: 'Drawing the QR code…', description: 'While the QR code image is made.' },
  orKey: { id: 'settings.twoFactor.orKey', defaultMessage: 'Or enter this key in the app:', description: 'Before the secret key shown as text, for typing into the app.' },
  enterCode: { id: 'settings.twoFactor.enterCode', defaultMessage: '2. Enter the 6-digit code the app shows.', description: 'Second step of the setup.' },
  code: { id: 'settings.twoFactor.code', defaultMessage: 'Code from the app', description: 'Label of the code field.' },
  turnOn: { id: 'settings.twoFactor.turnOn', defaultMessage: 'Turn on', description: 'Button finishing the setup: turns two-factor sign-in on.' },
  disableFailed: { id: 'settings.twoFactor.disableFailed', defaultMessage: 'Could not turn off two-factor sign-in. Please try again.', description: 'Turning off two-factor sign-in failed (no server reason).' },
  on: {
    id: 'settings.twoFactor.on',
    defaultMessage: '{count, plural, one {Two-factor sign-in is on. You have # unused recovery code.} other {Two-factor sign-in is on. You have # unused recovery codes.}}',
    description: 'Two-factor sign-in is on, with the number of recovery codes not used yet.',
  },
  turnOff: { id: 'settings.twoFactor.turnOff', defaultMessage: 'Turn off two-factor sign-in', description: 'Button (and form name) turning two-factor sign-in off.' },
  turnItOff: { id: 'settings.twoFactor.turnItOff', defaultMessage: 'Turn it off', description: 'Heading of the form turning two-factor sign-in off.' },
  password: { id: 'settings.password', defaultMessage: 'Password', description: 'Label of a password field asked before a sensitive change.' },
  codeOrRecovery: { id: 'settings.twoFactor.codeOrRecovery', defaultMessage: 'Code from the app or a recovery code', description: 'Label: a two-factor code or a recovery code, asked before turning it off.' },
}));

export function TwoFactorSection() {
  const t = useIntl().formatMessage;
  const status = useTwoFactorStatus();
  const { refresh } = useSession();
  // Shown once, right after enabling; the server keeps only their hashes.
  const [codes, setCodes] = useState<string[] | null>(null);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="two-factor-title">
      <Title order={2} size="h4" id="two-factor-title" mb="xs">{t(m.title)}</Title>
      {status.isPending && <Text size="sm">{t(m.loading)}</Text>}
      {status.isError && <Text size="sm" c="red.9" role="alert">{t(m.loadFailed)}</Text>}
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
  const t = useIntl().formatMessage;
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [password, setPassword] = useState('');
  const start = useSubmit(t(m.startFailed));
  if (!setup) {
    return (
      <form onSubmit={start.submit(async () => setSetup(await startTwoFactorSetup(password)))} aria-label={t(m.setUp)}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t(m.off)}</Text>
          <Text size="sm">{t(m.signsOut)}</Text>
          {start.message && <Alert color="red" role="alert">{start.message}</Alert>}
          <PasswordInput label={t(m.currentPassword)} autoComplete="current-password" required w="100%" maw={360}
            value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
          <Button type="submit" loading={start.busy}>{t(m.setUp)}</Button>
        </Stack>
      </form>
    );
  }
  return <ConfirmSetup setup={setup} onEnabled={onEnabled} />;
}

function ConfirmSetup({ setup, onEnabled }: { setup: TwoFactorSetup; onEnabled: (codes: string[]) => void }) {
  const t = useIntl().formatMessage;
  const enable = useEnableTwoFactor();
  const [code, setCode] = useState('');
  const qr = useQrCode(setup.uri);
  const { busy, message, submit } = useSubmit(t(m.enableFailed));
  const onSubmit = submit(async () => {
    const { recoveryCodes } = await enable.mutateAsync(code);
    // The session's user is refreshed only once the codes are saved: an administrator who had to enrol then leaves
    // this screen for the whole app, which would unmount the codes before they were read.
    onEnabled(recoveryCodes);
  });
  return (
    <form onSubmit={onSubmit}>
      <Stack gap="sm">
        <Text size="sm">{t(m.scan)}</Text>
        {qr ? <Image src={qr} alt={t(m.qrAlt)} w={200} h={200} /> : <Text size="sm">{t(m.drawing)}</Text>}
        <Text size="sm">{t(m.orKey)}</Text>
        <Code block data-testid="two-factor-secret" style={{ wordBreak: 'break-all' }}>{setup.secret}</Code>
        <Text size="sm">{t(m.enterCode)}</Text>
        {message && <Alert color="red" role="alert">{message}</Alert>}
        <TextInput label={t(m.code)} autoComplete="one-time-code" inputMode="numeric" required maxLength={40}
          value={code} onChange={(e) => setCode(e.currentTarget.value)} />
        <Group><Button type="submit" loading={busy}>{t(m.turnOn)}</Button></Group>
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
  const t = useIntl().formatMessage;
  const disable = useDisableTwoFactor();
  const { refresh } = useSession();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const { busy, message, submit } = useSubmit(t(m.disableFailed));
  const onSubmit = submit(async () => {
    await disable.mutateAsync({ password, code });
    await refresh();
  });
  return (
    <Stack gap="sm">
      <Text size="sm" role="status">{t(m.on, { count: codesLeft })}</Text>
      <form onSubmit={onSubmit} aria-label={t(m.turnOff)}>
        <Stack gap="xs">
          <Text size="sm" fw={500}>{t(m.turnItOff)}</Text>
          {message && <Alert color="red" role="alert">{message}</Alert>}
          <PasswordInput label={t(m.password)} autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
          <TextInput label={t(m.codeOrRecovery)} autoComplete="one-time-code" required maxLength={40}
            value={code} onChange={(e) => setCode(e.currentTarget.value)} />
          <Group><Button type="submit" color="red" variant="light" loading={busy}>{t(m.turnOff)}</Button></Group>
        </Stack>
      </form>
    </Stack>
  );
}
