import { Button } from '@mantine/core';
import { useNavigate } from 'react-router';

/** Back to where the reader came from inside the app, or to `fallback` when the page was opened directly. */
export function BackButton({ fallback, to }: { fallback?: string; to?: string }) {
  const navigate = useNavigate();
  const goBack = () => {
    if (to) return navigate(to);
    const inApp = typeof window.history.state?.idx === 'number' && window.history.state.idx > 0;
    return inApp ? navigate(-1) : navigate(fallback ?? '/forums');
  };
  return (
    <Button variant="subtle" size="compact-md" px={4} style={{ alignSelf: 'flex-start' }} leftSection={<span aria-hidden>←</span>} onClick={() => void goBack()}>
      Back
    </Button>
  );
}
