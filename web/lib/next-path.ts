// Where to go after signing in: the protected address a signed-out visitor opened (kept as ?next=), if it is a path on
// this site; never another origin ("//evil.example", "https://...") nor a backslash trick.
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return '/';
  return next;
}

export function loginPathFor(pathname: string, search: string): string {
  const target = `${pathname}${search}`;
  return target === '/' ? '/login' : `/login?next=${encodeURIComponent(target)}`;
}
