import { describe, expect, it } from 'vitest';
import { testConfig } from '../../config.ts';
import { memoryRateLimiter } from '../../lib/rate-limit.ts';
import { accountLimits } from './limits.ts';

describe('password reset limits', () => {
  it('a refused address stores nothing per email', async () => {
    const limiter = memoryRateLimiter();
    const limits = accountLimits(limiter, testConfig({ FORGOT_MAX_PER_IP_HOUR: '2' }).limits);
    await limits.assertForgotAllowed('a@example.test', '10.0.0.1');
    await limits.assertForgotAllowed('b@example.test', '10.0.0.1');
    await expect(limits.assertForgotAllowed('c@example.test', '10.0.0.1')).rejects.toThrow(/Too many password reset/);
    expect(await limiter.count('forgot:email:c@example.test')).toBe(0);
    expect(await limiter.count('forgot:email:a@example.test')).toBe(1);
  });
});
