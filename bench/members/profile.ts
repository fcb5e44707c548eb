// A V8 CPU profile (--cpu-prof) of the server summarized: the functions and the packages with the most self time.
import fs from 'node:fs';
import path from 'node:path';

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number };
type Profile = { nodes: Node[]; startTime: number; endTime: number; samples: number[] };

/** Where a frame's code lives: a package, Node's own code, the app's files, or V8's own buckets (GC, idle). */
function ownerOf(url: string, name: string): string {
  if (!url) return name.startsWith('(') ? name : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  if (url.startsWith('node:')) return 'node internals';
  return `app ${url.replace(/^file:\/\//, '').split('/').slice(-3, -1).join('/')}`;
}

export function summarizeProfile(dir: string) {
  const file = fs.readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) return { error: 'no .cpuprofile written (the server did not exit normally)' };
  const profile = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Profile;
  const totalMs = (profile.endTime - profile.startTime) / 1000;
  const msPerSample = totalMs / Math.max(1, profile.samples.length);
  const byFunction = new Map<string, number>();
  const byOwner = new Map<string, number>();
  for (const node of profile.nodes) {
    const hits = node.hitCount ?? 0;
    if (!hits) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const key = `${functionName || '(anonymous)'} ${url ? `${url.replace(/^file:\/\//, '').split('/').slice(-2).join('/')}:${lineNumber + 1}` : ''}`.trim();
    byFunction.set(key, (byFunction.get(key) ?? 0) + hits);
    const owner = ownerOf(url, functionName);
    byOwner.set(owner, (byOwner.get(owner) ?? 0) + hits);
  }
  const total = profile.samples.length || 1;
  const top = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n)
    .map(([name, hits]) => ({ name, selfMs: Math.round(hits * msPerSample), percent: Math.round((hits / total) * 1000) / 10 }));
  return { file: path.join(dir, file), profiledSeconds: Math.round(totalMs / 1000), topSelfTime: top(byFunction, 20), byOwner: top(byOwner, 15) };
}
