// Polling with a deadline: every wait in the fault suite is bounded.
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string, everyMs = 50): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await check()) return Date.now() - started;
    await sleep(everyMs);
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
}
