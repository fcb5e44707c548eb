/**
 * Settings of every connection to PostgreSQL (primary and replicas), sent at connection start. JIT off (decision
 * 0350): the app's statements run for milliseconds, and PostgreSQL compiles a statement whose estimated cost passes
 * jit_above_cost (100,000) before running it, which is more CPU than the run itself (a member's referral insights:
 * 129 ms of backend CPU with JIT, 64 ms without). A connection string's own `options` wins over this.
 */
export const CONNECTION_OPTIONS = '-c jit=off';
