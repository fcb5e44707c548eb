import { config } from 'zod';

// zod 4 probes whether it may compile validators with `new Function` the first time it parses an object. Our CSP has
// no 'unsafe-eval', so the probe fails (zod then works without compiling) but the browser records a CSP violation
// for every page, which Lighthouse lists under best practices. Saying so up front skips the probe.
config({ jitless: true });
