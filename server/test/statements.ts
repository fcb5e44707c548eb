// The statements a piece of work sends through drizzle (each is one round trip), for tests that check a read goes as
// one statement or as few as it should.
import type { Db } from '../db/client.ts';
import { watchStatements } from '../db/prepared.ts';

/** The SQL text of every statement `work` sends on `db`, in order. */
export async function sentStatements(db: Db, work: () => Promise<unknown>): Promise<string[]> {
  return (await sentStatementsNamed(db, work)).map((s) => s.text);
}

/** Every statement `work` sends on `db`, in order, with its statement name (undefined when unnamed). */
export async function sentStatementsNamed(db: Db, work: () => Promise<unknown>): Promise<{ text: string; name: string | undefined }[]> {
  const sent: { text: string; name: string | undefined }[] = [];
  const stop = watchStatements(db, (text, name) => sent.push({ text, name }));
  try {
    await work();
  } finally {
    stop();
  }
  return sent;
}
