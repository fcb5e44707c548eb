/**
 * Who a token belongs to, remembered for a moment (docs/decisions/0069-session-cache.md): every signed-in read asks,
 * and at thousands of reads a second the database round trip was most of a small read's time.
 * - Only reads (GET, HEAD) are answered from here; every write, and every socket handshake, asks the database.
 * - An entry answers for `ttlMs` at most, counted from its load.
 * - Ending a session or a user (sign-out, revocation, password change, suspension, rejection, deletion) forgets their
 *   entries on every node at once (realtime.endSession / endUser publish `session.ended` / `member.access.changed`,
 *   server/lib/caches.ts); a change that grants more (approval, two-factor enrolment) forgets them too
 *   (realtime.userChanged), so nobody waits for the time to run out.
 */
export type CachedSession = {
  sessionId: string; userId: string; name: string; role: string; verificationStatus: string;
  createdAt: number; lastUsedAt: number; disabled: boolean; withoutSecondFactor: boolean;
  // What /api/users/me shows besides: enrolling, removing two-factor sign-in and every licence decision forget the entry.
  twoFactorEnabled: boolean; rejectionReason: string | null;
  /** The member's chosen language: a change forgets the entry (member.locale.changed). */
  locale?: string | null;
};
export type SessionCache = ReturnType<typeof createSessionCache>;

type Entry = { session: CachedSession; expires: number };

export function createSessionCache({ ttlMs, maxKeys = 50_000, now = () => performance.now() }: { ttlMs: number; maxKeys?: number; now?: () => number }) {
  const entries = new Map<string, Entry>();
  // When this node last wrote each session's last-used time: a screen's requests arrive together, and each would
  // otherwise find the same old time and write it again.
  const touches = new Map<string, number>();
  const forgetWhere = (matches: (s: CachedSession) => boolean) => {
    for (const [key, entry] of entries) if (matches(entry.session)) entries.delete(key);
  };
  return {
    enabled: ttlMs > 0,
    get(tokenHash: string): CachedSession | undefined {
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      if (entry.expires > now()) return entry.session;
      entries.delete(tokenHash);
      return undefined;
    },
    set(tokenHash: string, session: CachedSession): void {
      if (ttlMs <= 0) return;
      entries.delete(tokenHash);
      entries.set(tokenHash, { session, expires: now() + ttlMs });
      // Oldest first in a Map: the first key is the one to go.
      if (entries.size > maxKeys) entries.delete(entries.keys().next().value as string);
    },
    /** Whether this request should write the session's last-used time: once per interval per session on this node. */
    claimTouch(sessionId: string, at: number, intervalMs: number): boolean {
      if (ttlMs <= 0) return true;
      const last = touches.get(sessionId);
      if (last !== undefined && at - last < intervalMs) return false;
      touches.delete(sessionId);
      touches.set(sessionId, at);
      if (touches.size > maxKeys) touches.delete(touches.keys().next().value as string);
      return true;
    },
    forgetSession: (sessionId: string) => forgetWhere((s) => s.sessionId === sessionId),
    forgetUser: (userId: string) => forgetWhere((s) => s.userId === userId),
    clear: () => entries.clear(),
    get size() {
      return entries.size;
    },
  };
}
