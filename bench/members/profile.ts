// A V8 CPU profile (--cpu-prof) of the server summarized: the functions and the packages with the most self time.
import fs from 'node:fs';
import path from 'node:path';

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number };
type Profile = { nodes: Node[]; startTime: number; endTime: number; samples: number[]; timeDeltas: number[] };

/** Where a frame's code lives: a package, Node's own code, the app's files, or V8's own buckets (GC, idle). */
function ownerOf(url: string, name: string): string {
  if (!url) return name.startsWith('(') ? name : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  if (url.startsWith('node:')) return 'node internals';
  return `app ${url.replace(/^file:\/\//, '').split('/').slice(-3, -1).join('/')}`;
}

/** Self time per function and per package, from the samples taken between `fromSeconds` and `toSeconds` of the profile. */
export function summarizeProfile(dir: string, fromSeconds = 0, toSeconds = Infinity) {
  const file = fs.readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) return { error: 'no .cpuprofile written (the server did not exit normally)' };
  const profile = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Profile;
  const hits = new Map<number, number>();
  let t = 0;
  let counted = 0;
  let spanMs = 0;
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i] ?? 0;
    if (t / 1e6 < fromSeconds || t / 1e6 > toSeconds) return;
    hits.set(id, (hits.get(id) ?? 0) + 1);
    counted++;
    spanMs += (profile.timeDeltas[i] ?? 0) / 1000;
  });
  const msPerSample = spanMs / Math.max(1, counted);
  const byFunction = new Map<string, number>();
  const byOwner = new Map<string, number>();
  for (const node of profile.nodes) {
    const n = hits.get(node.id) ?? 0;
    if (!n) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const key = `${functionName || '(anonymous)'} ${url ? `${url.replace(/^file:\/\//, '').split('/').slice(-2).join('/')}:${lineNumber + 1}` : ''}`.trim();
    byFunction.set(key, (byFunction.get(key) ?? 0) + n);
    const owner = ownerOf(url, functionName);
    byOwner.set(owner, (byOwner.get(owner) ?? 0) + n);
  }
  const top = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n)
    .map(([name, h]) => ({ name, selfMs: Math.round(h * msPerSample), percent: Math.round((h / Math.max(1, counted)) * 1000) / 10 }));
  return {
    file: path.join(dir, file), profiledSeconds: Math.round(spanMs / 100) / 10, windowSeconds: [Math.round(fromSeconds), Math.round(toSeconds)],
    topSelfTime: top(byFunction, 20), byOwner: top(byOwner, 15),
  };
}
