import { describe, expect, it } from 'vitest';
import { memoByKey } from './memo.ts';

describe('memoByKey', () => {
  it('loads each key once per ttl, shares concurrent loads, and drops the oldest key past the cap', async () => {
    let clock = 0;
    const loads: string[] = [];
    const get = memoByKey(1000, 2, async (key) => { loads.push(key); return key.toUpperCase(); }, () => clock);
    expect(await Promise.all([get('a'), get('a')])).toEqual(['A', 'A']);
    expect(loads).toEqual(['a']);
    clock = 999;
    await get('a');
    expect(loads).toEqual(['a']);
    clock = 1000;
    await get('a');
    expect(loads).toEqual(['a', 'a']);
    await get('b');
    await get('c');
    await get('a');
    expect(loads).toEqual(['a', 'a', 'b', 'c', 'a']);
  });

  it('does not remember a failure', async () => {
    let fail = true;
    const get = memoByKey(1000, 10, async () => { if (fail) throw new Error('down'); return 1; }, () => 0);
    await expect(get('k')).rejects.toThrow('down');
    fail = false;
    expect(await get('k')).toBe(1);
  });
});
