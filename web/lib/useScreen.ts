import { useDocumentTitle } from '@mantine/hooks';
import { useEffect, useRef } from 'react';

/**
 * A screen's title in the tab, and focus on its heading when it opens, so a screen reader announces the new screen
 * and the next Tab starts from it rather than from the link that led here. The heading takes tabIndex={-1}.
 */
export function useScreen(title: string | null) {
  useDocumentTitle(title ? `${title} · Thera Root` : 'Thera Root');
  const heading = useRef<HTMLHeadingElement>(null);
  const ready = title !== null;
  useEffect(() => {
    if (ready) heading.current?.focus({ preventScroll: true });
  }, [ready]);
  return heading;
}
