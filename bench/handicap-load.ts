// One of the handicap's competing processes (bench/handicap.ts), run on its own:
//   cpu             keeps about CPU_SHARE of one core busy (busy for 40 ms of every 100 ms);
//   fsync <file>    writes 512 bytes to <file> and fsyncs it every 5 ms (the next write at once when a flush took longer).
// Once a second it prints a line `handicap {...}` with what it did so far; it runs until it is ended.
import fs from 'node:fs';

const PERIOD_MS = 100;
const CPU_SHARE = 0.4;
const WRITE_EVERY_MS = 5;
const BLOCK = Buffer.alloc(512, 7);
const FILE_BYTES = 1024 * 1024;

const report = (figures: object) => process.stdout.write(`handicap ${JSON.stringify(figures)}\n`);

function burnCpu(): void {
  let busyMs = 0;
  const spin = () => {
    const started = performance.now();
    while (performance.now() - started < PERIOD_MS * CPU_SHARE) { /* busy on purpose */ }
    busyMs += performance.now() - started;
    setTimeout(spin, PERIOD_MS * (1 - CPU_SHARE));
  };
  spin();
  setInterval(() => report({ busyMs: Math.round(busyMs) }), 1000);
}

function writeAndFlush(file: string): void {
  const fd = fs.openSync(file, 'w');
  const flushMs: number[] = [];
  let writes = 0;
  const write = () => {
    const started = performance.now();
    fs.writeSync(fd, BLOCK, 0, BLOCK.length, (writes * BLOCK.length) % FILE_BYTES);
    fs.fsyncSync(fd);
    const took = performance.now() - started;
    flushMs.push(took);
    writes++;
    setTimeout(write, Math.max(0, WRITE_EVERY_MS - took));
  };
  write();
  setInterval(() => {
    const sorted = [...flushMs].sort((a, b) => a - b);
    const at = (p: number) => Math.round((sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0) * 100) / 100;
    report({ writes, flushMs: { p50: at(0.5), p99: at(0.99), max: at(1) } });
  }, 1000);
  process.once('SIGTERM', () => {
    fs.closeSync(fd);
    fs.rmSync(file, { force: true });
    process.exit(0);
  });
}

if (process.argv[2] === 'cpu') burnCpu();
else if (process.argv[2] === 'fsync' && process.argv[3]) writeAndFlush(process.argv[3]);
else throw new Error('usage: handicap-load.ts cpu | fsync <file>');
