import fs from 'node:fs';
import path from 'node:path';

/** The text of the first mail in the outbox to `to` whose subject or body matches, waiting briefly for it. */
export async function mailIn(outboxDir: string, to: string, pattern: RegExp): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const files = fs.existsSync(outboxDir) ? fs.readdirSync(outboxDir) : [];
    for (const f of files) {
      // Quoted-printable soft line breaks joined, so long lines read whole.
      const text = fs.readFileSync(path.join(outboxDir, f), 'utf8').replace(/=\r?\n/g, '');
      if (text.includes(to) && pattern.test(text)) return text;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no mail to ${to} matching ${pattern}`);
}
