// REST load as members make it: each worker writes a resource (a row with a unique title: an acknowledged write when
// answered 201) and reads its conversations, in turn, with a client-side timeout. Every answer is tallied by status,
// and every failure's body is checked: `{msg, code}` JSON, never a stack.
import { RESOURCE_CATEGORIES } from '../../common/options.ts';
import type { Member } from './members.ts';
import { sleep } from './wait.ts';

export type LoadTally = {
  byStatus: Record<string, number>;
  /** Titles of the resources whose creation was answered 201. */
  acknowledged: string[];
  /** Failures whose body was not `{msg, code}` or carried a stack (kept for the report). */
  badBodies: string[];
  /** The longest time any request took, answered or not (ms). */
  slowestMs: number;
};

export type Request = { method: 'GET' | 'POST'; path: string; body?: unknown };

/** One request; 'timeout' when nothing came back within timeoutMs, 'network' when the connection failed. */
export async function timedRequest(url: string, token: string, request: Request, timeoutMs: number) {
  const started = Date.now();
  try {
    const response = await fetch(`${url}${request.path}`, {
      method: request.method,
      headers: { 'x-auth-token': token, ...(request.body ? { 'content-type': 'application/json' } : {}) },
      body: request.body ? JSON.stringify(request.body) : undefined,
      signal: AbortSignal.timeout(timeoutMs),
    });
    return { status: String(response.status), text: await response.text(), ms: Date.now() - started };
  } catch (error) {
    const status = (error as Error).name === 'TimeoutError' ? 'timeout' : 'network';
    return { status, text: '', ms: Date.now() - started };
  }
}

const looksRight = (text: string) => {
  try {
    const body = JSON.parse(text) as { msg?: unknown; code?: unknown };
    return typeof body.msg === 'string' && typeof body.code === 'string' && !/\n\s+at /.test(text);
  } catch {
    return false;
  }
};

export function restLoad(url: string | (() => string), members: Member[], opts: { timeoutMs: number; pauseMs?: number }) {
  const tally: LoadTally = { byStatus: {}, acknowledged: [], badBodies: [], slowestMs: 0 };
  let running = true;
  const target = typeof url === 'string' ? () => url : url;
  const loops = members.map(async (member) => {
    for (let seq = 1; running; seq++) {
      const title = `Fault resource ${member.n}-${seq}`;
      const request: Request = seq % 2
        ? { method: 'POST', path: '/api/resources', body: { title, link: `https://example.org/${member.n}/${seq}`, category: RESOURCE_CATEGORIES[0], description: 'Written under a fault.' } }
        : { method: 'GET', path: '/api/conversations' };
      const answer = await timedRequest(target(), member.token, request, opts.timeoutMs);
      tally.byStatus[answer.status] = (tally.byStatus[answer.status] ?? 0) + 1;
      tally.slowestMs = Math.max(tally.slowestMs, answer.ms);
      if (answer.status === '201') tally.acknowledged.push(title);
      else if (Number(answer.status) >= 400 && !looksRight(answer.text)) tally.badBodies.push(answer.text.slice(0, 300));
      await sleep(opts.pauseMs ?? 20);
    }
  });
  return {
    tally,
    async stop(): Promise<LoadTally> {
      running = false;
      await Promise.all(loops);
      return tally;
    },
  };
}

/** The statuses of a tally that are failures (anything but 2xx), for the report. */
export const failures = (byStatus: Record<string, number>) =>
  Object.fromEntries(Object.entries(byStatus).filter(([status]) => !/^2\d\d$/.test(status)));
