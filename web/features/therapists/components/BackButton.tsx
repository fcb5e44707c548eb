import { Button } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { fieldMessages } from '../messages.ts';

// An arrow, hidden from screen readers (the button's name says it): the same in every language.
const BACK_ARROW = '←';

/** Back through history when there is some inside the app, otherwise to `fallback` (a link opened directly). */
export function BackButton({ fallback }: { fallback: string }) {
  const navigate = useNavigate();
  const intl = useIntl();
  const hasHistory = ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
  return (
    <Button variant="default" leftSection={<span aria-hidden="true">{BACK_ARROW}</span>} onClick={() => (hasHistory ? navigate(-1) : navigate(fallback))}>
      {intl.formatMessage(fieldMessages.back)}
    </Button>
  );
}
