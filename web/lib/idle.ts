// When this session signs out if nothing more is done, shared by every tab of the browser (localStorage, whose
// `storage` event tells the other tabs). Each API answer says how long the server will wait (IDLE_REMAINING_HEADER);
// activity in any tab touches the session now and then, so the server's clock and the warning agree. Only the member's
// own activity moves the deadline later: a background request (a refetch, a poll, a live update's reload) is answered
// by the server as any other, and a screen that polls would otherwise keep an idle session open for ever.
import { IDLE_REMAINING_HEADER } from '../../common/security-policy.ts';

const DEADLINE_KEY = 'thera:idle-deadline';
const TOUCHED_KEY = 'thera:idle-touched';
// Activity sends a request at most this often: the server writes the last use at most once a minute anyway.
const TOUCH_EVERY_MS = 30_000;

const storage = () => (typeof localStorage === 'undefined' ? null : localStorage);

// A request sent this soon after a key or pointer press in this tab (or its loading) is the member's doing.
const ACTIVE_FOR_MS = 30_000;
let lastInputAt = Date.now();

/** A key or pointer press in this tab. */
export function noteInput(): void {
  lastInputAt = Date.now();
}

/** Whether a request sent now is the member's doing rather than the app's own (see noteIdleAnswer). */
export const recentlyActive = (): boolean => Date.now() - lastInputAt < ACTIVE_FOR_MS;

/**
 * Called with every API answer to a request sent at `sentAt` (this browser's clock; the time it was sent, so a slow
 * answer errs early): the deadline it implies. An answer to a background request may bring the deadline closer (a
 * shorter policy) but not later.
 */
export function noteIdleAnswer(headers: Headers, sentAt: number, active: boolean): void {
  const remaining = Number(headers.get(IDLE_REMAINING_HEADER));
  if (!headers.has(IDLE_REMAINING_HEADER) || !Number.isFinite(remaining)) return;
  const deadline = sentAt + remaining;
  const known = idleDeadline();
  if (!active && known !== null && deadline >= known) return;
  storage()?.setItem(DEADLINE_KEY, String(deadline));
}

export function idleDeadline(): number | null {
  const value = Number(storage()?.getItem(DEADLINE_KEY) ?? NaN);
  return Number.isFinite(value) ? value : null;
}

export function forgetIdleDeadline(): void {
  storage()?.removeItem(DEADLINE_KEY);
}

/** Whether activity now should touch the session (once per interval across every tab), claiming the turn if so. */
export function claimTouch(): boolean {
  const last = Number(storage()?.getItem(TOUCHED_KEY) ?? 0);
  if (Date.now() - last < TOUCH_EVERY_MS) return false;
  storage()?.setItem(TOUCHED_KEY, String(Date.now()));
  return true;
}

/** Another tab moved the deadline, or signed out (the token went): `listener` runs in this tab. */
export function onIdleChange(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === DEADLINE_KEY || event.key === 'token' || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
