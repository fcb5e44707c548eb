import { Button } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { TEXTS } from './texts.ts';

// A sign beside the word, hidden from assistive technology.
const ARROW = '←';

/** Back to where the reader came from inside the app, or to `fallback` when the page was opened directly. */
export function BackButton({ fallback, to }: { fallback?: string; to?: string }) {
  const navigate = useNavigate();
  const intl = useIntl();
  const goBack = () => {
    if (to) return navigate(to);
    const inApp = typeof window.history.state?.idx === 'number' && window.history.state.idx > 0;
    return inApp ? navigate(-1) : navigate(fallback ?? '/forums');
  };
  return (
    <Button variant="subtle" size="compact-md" px={4} style={{ alignSelf: 'flex-start' }} leftSection={<span aria-hidden>{ARROW}</span>} onClick={() => void goBack()}>
      {intl.formatMessage(TEXTS.back)}
    </Button>
  );
}
