import type { Config } from '../../config.ts';
import { tooManyRequests } from '../../lib/errors.ts';
import type { RateLimiter } from '../../lib/rate-limit.ts';

const HOUR = 3_600_000;
export const TOO_MANY_LOGINS = 'Too many failed sign-in attempts. Please wait 15 minutes and try again.';

/** The sign-in, registration and reset limits of the accounts issue, over one RateLimiter (memory or Redis). */
export function accountLimits(limiter: RateLimiter, limits: Config['limits']) {
  const loginKeys = (email: string, ip: string) => [`login:acct:${email.toLowerCase()}`, `login:ip:${ip}`] as const;
  return {
    async assertLoginAllowed(email: string, ip: string) {
      const [account, address] = loginKeys(email, ip);
      const [a, b] = await Promise.all([limiter.count(account), limiter.count(address)]);
      if (a >= limits.loginFailsPerAccount || b >= limits.loginFailsPerIp) throw tooManyRequests(TOO_MANY_LOGINS);
    },
    /** Only failures count: a successful sign-in adds nothing. */
    async recordLoginFailure(email: string, ip: string) {
      await Promise.all(loginKeys(email, ip).map((key) => limiter.hit(key, limits.loginWindowMs)));
    },
    async assertRegisterAllowed(ip: string) {
      const n = await limiter.hit(`register:ip:${ip}`, HOUR);
      if (n > limits.registerPerIpHour) throw tooManyRequests('Too many registrations from this address. Please try again later.');
    },
    async assertForgotAllowed(email: string, ip: string) {
      const [byEmail, byIp] = await Promise.all([
        limiter.hit(`forgot:email:${email.toLowerCase()}`, HOUR),
        limiter.hit(`forgot:ip:${ip}`, HOUR),
      ]);
      if (byEmail > limits.forgotPerEmailHour || byIp > limits.forgotPerIpHour) {
        throw tooManyRequests('Too many password reset requests. Please try again later.');
      }
    },
  };
}
