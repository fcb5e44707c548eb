import { useEffect, useState } from 'react';
import { NAVBAR_SCROLL_THRESHOLD_PX } from '../../../common/constants.ts';

const pastThreshold = () => window.scrollY > NAVBAR_SCROLL_THRESHOLD_PX;

/**
 * The top bar turns opaque once the page has scrolled past the spec's threshold. Only the crossing re-renders the
 * layout (a boolean state), not every scroll event. The position is not read while the screen mounts: that read forced
 * the browser to lay out the whole new screen inside the mount, and every screen starts at the top anyway; a page
 * restored lower down turns opaque at its first scroll event.
 */
export function useScrolled(): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const onScroll = () => setScrolled(pastThreshold());
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return scrolled;
}
