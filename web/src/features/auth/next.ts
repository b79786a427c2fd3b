/**
 * Where to go after signing in or up (`?next=`): only a path of this app (one leading slash), so a
 * crafted link cannot send the user to another site.
 */
export function safeNext(raw: string | null | undefined): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  return raw;
}

/** `/register` or `/login` with the return path kept. */
export function withNext(path: '/register' | '/login', next: string | null): string {
  return next ? `${path}?next=${encodeURIComponent(next)}` : path;
}
