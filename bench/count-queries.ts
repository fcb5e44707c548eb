// Preloaded into a bench server (node --import): counts the statements it sends to PostgreSQL, and writes the count to
// the file named by COUNT_QUERIES_FILE when the process gets SIGUSR2 (bench/search-cost.ts).
import fs from 'node:fs';
import pg from 'pg';

let sent = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function counted(this: pg.Client, ...args: unknown[]) {
  sent++;
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof query;
process.on('SIGUSR2', () => fs.writeFileSync(process.env.COUNT_QUERIES_FILE ?? '/dev/null', String(sent)));
