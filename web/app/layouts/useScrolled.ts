import { useWindowScroll } from '@mantine/hooks';
import { NAVBAR_SCROLL_THRESHOLD_PX } from '../../../common/constants.ts';

/** The top bar turns opaque once the page has scrolled past the spec's threshold. */
export function useScrolled(): boolean {
  const [scroll] = useWindowScroll();
  return scroll.y > NAVBAR_SCROLL_THRESHOLD_PX;
}
