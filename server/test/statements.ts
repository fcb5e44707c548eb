// The statements a piece of work sends through drizzle (each prepareQuery is one round trip), for tests that check a
// read goes as one statement or as few as it should.
import type { Db } from '../db/client.ts';

/** The SQL text of every statement `work` sends on `db`, in order. */
export async function sentStatements(db: Db, work: () => Promise<unknown>): Promise<string[]> {
  const session = db._.session;
  const prepare = session.prepareQuery;
  const sent: string[] = [];
  session.prepareQuery = function seen(this: typeof session, ...args: Parameters<typeof prepare>) {
    sent.push(args[0].sql);
    return prepare.apply(this, args);
  } as typeof prepare;
  try {
    await work();
  } finally {
    session.prepareQuery = prepare;
  }
  return sent;
}
