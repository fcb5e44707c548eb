import { describe, expect, it } from 'vitest';
import { createSharedReads } from './shared-reads.ts';

const db = {};
const later = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('shared reads', () => {
  it('gives callers arriving during a read that read, and with no time to keep, nothing after it', async () => {
    const reads = createSharedReads();
    let loads = 0;
    const load = async () => { loads++; await later(); return loads; };
    expect(await Promise.all([reads.read(db, 'k', load), reads.read(db, 'k', load)])).toEqual([1, 1]);
    expect(await reads.read(db, 'k', load)).toBe(2);
  });

  it('keeps a finished read for its time, per database and key, until forgotten', async () => {
    const reads = createSharedReads();
    const other = {};
    reads.configure(db, 60_000);
    reads.configure(other, 60_000);
    let loads = 0;
    const load = async () => ++loads;
    expect(await reads.read(db, 'k', load)).toBe(1);
    expect(await reads.read(db, 'k', load)).toBe(1);
    expect(await reads.read(db, 'j', load)).toBe(2);
    expect(await reads.read(other, 'k', load)).toBe(3);
    reads.forget(db);
    expect(await reads.read(db, 'k', load)).toBe(4);
    expect(await reads.read(other, 'k', load)).toBe(3);
  });

  it('never hands a read that was running when forgotten to later callers, and never keeps a failure', async () => {
    const reads = createSharedReads();
    reads.configure(db, 60_000);
    let loads = 0;
    const slow = async () => { const n = ++loads; await later(); return n; };
    const running = reads.read(db, 'k', slow);
    reads.forget(db);
    expect(await reads.read(db, 'k', slow)).toBe(2);
    expect(await running).toBe(1);
    expect(await reads.read(db, 'k', slow)).toBe(2);
    await expect(reads.read(db, 'f', async () => { throw new Error('down'); })).rejects.toThrow('down');
    expect(await reads.read(db, 'f', async () => 'up')).toBe('up');
  });

  it('drops the oldest key past its limit', async () => {
    const reads = createSharedReads(2);
    reads.configure(db, 60_000);
    let loads = 0;
    const load = async () => ++loads;
    await reads.read(db, 'a', load);
    await reads.read(db, 'b', load);
    await reads.read(db, 'c', load);
    expect(await reads.read(db, 'a', load)).toBe(4);
    expect(await reads.read(db, 'c', load)).toBe(3);
  });
});
