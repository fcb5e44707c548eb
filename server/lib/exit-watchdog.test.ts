import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const module = path.join(import.meta.dirname, 'exit-watchdog.ts');

describe('the exit watchdog', () => {
  it('kills a process whose main thread never returns to the event loop, where its own timer could not', async () => {
    const started = Date.now();
    const child = spawn(process.execPath, ['--input-type=module', '-e', `
      const { armExitWatchdog } = await import(${JSON.stringify(module)});
      setTimeout(() => process.exit(1), 100).unref();
      armExitWatchdog(500);
      for (;;) await null;
    `], { stdio: 'ignore' });
    const [code, signal] = await once(child, 'exit');
    expect({ code, signal }).toEqual({ code: null, signal: 'SIGKILL' });
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
