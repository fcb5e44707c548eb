import type { Config } from '../../config.ts';
import { tooManyRequests } from '../../lib/errors.ts';
import type { RateLimiter } from '../../lib/rate-limit.ts';

const HOUR = 3_600_000;
// Past the per-account limit, each further sign-in to that account waits this much longer, up to the maximum.
const SLOWDOWN_STEP_MS = 250;
const SLOWDOWN_MAX_MS = 3_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const TOO_MANY_LOGINS = 'Too many failed sign-in attempts. Please wait 15 minutes and try again.';

/** The sign-in, registration and reset limits of the accounts issue, over one RateLimiter (memory or Redis). */
export function accountLimits(limiter: RateLimiter, limits: Config['limits']) {
  // Guessing is refused per address (one account from one address, and any accounts from one address); across
  // addresses an account's failures only slow its sign-ins down, so a guesser elsewhere can never lock its owner out.
  const loginKeys = (email: string, ip: string) => {
    const account = email.trim().toLowerCase();
    return { pair: `login:pair:${ip}|${account}`, address: `login:ip:${ip}`, account: `login:acct:${account}` };
  };
  return {
    async assertLoginAllowed(email: string, ip: string) {
      const keys = loginKeys(email, ip);
      const [pair, address, account] = await Promise.all([limiter.count(keys.pair), limiter.count(keys.address), limiter.count(keys.account)]);
      if (pair >= limits.loginFailsPerAccount || address >= limits.loginFailsPerIp) throw tooManyRequests(TOO_MANY_LOGINS);
      const over = account - limits.loginFailsPerAccount + 1;
      if (over > 0) await sleep(Math.min(over * SLOWDOWN_STEP_MS, SLOWDOWN_MAX_MS));
    },
    /** Only failures count: a successful sign-in adds nothing. */
    async recordLoginFailure(email: string, ip: string) {
      await Promise.all(Object.values(loginKeys(email, ip)).map((key) => limiter.hit(key, limits.loginWindowMs)));
    },
    async assertRegisterAllowed(ip: string) {
      const n = await limiter.hit(`register:ip:${ip}`, HOUR);
      if (n > limits.registerPerIpHour) throw tooManyRequests('Too many registrations from this address. Please try again later.');
    },
    async assertForgotAllowed(email: string, ip: string) {
      // The address first: a refused address stores nothing per email, so it cannot fill the store with addresses.
      const byIp = await limiter.hit(`forgot:ip:${ip}`, HOUR);
      if (byIp <= limits.forgotPerIpHour) {
        const byEmail = await limiter.hit(`forgot:email:${email.trim().toLowerCase()}`, HOUR);
        if (byEmail <= limits.forgotPerEmailHour) return;
      }
      throw tooManyRequests('Too many password reset requests. Please try again later.');
    },
  };
}
