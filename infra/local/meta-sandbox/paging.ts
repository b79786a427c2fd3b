/** Cursor paging like Graph's: opaque cursors on (time, id), `paging.next`/`previous` as absolute URLs. */
export interface Pageable { sortKey: string }

export function sortKey(time: number, id: string): string {
  return `${String(time).padStart(15, '0')}:${id}`;
}
const encode = (key: string) => Buffer.from(key, 'utf8').toString('base64url');
const decode = (cursor: string) => Buffer.from(cursor, 'base64url').toString('utf8');

export interface PageResult<T> {
  data: T[];
  paging?: { cursors: { before: string; after: string }; next?: string; previous?: string };
}

/**
 * Pages a list already ordered by sort key (ascending when `descending` is false).
 * `requestUrl` is the absolute URL of the current request; next/previous keep its other parameters.
 */
export function pageOf<T>(
  items: T[], keyOf: (item: T) => string, params: URLSearchParams, requestUrl: URL,
  opts: { defaultLimit: number; maxLimit: number; descending: boolean },
): PageResult<T> {
  const limit = Math.min(Math.max(Number(params.get('limit') ?? opts.defaultLimit) || opts.defaultLimit, 1), opts.maxLimit);
  const after = params.get('after');
  const before = params.get('before');
  const ahead = (a: string, b: string) => (opts.descending ? a < b : a > b);
  let window: T[];
  if (after) {
    const k = decode(after);
    window = items.filter((it) => ahead(keyOf(it), k)).slice(0, limit);
  } else if (before) {
    const k = decode(before);
    const earlier = items.filter((it) => ahead(k, keyOf(it)));
    window = earlier.slice(Math.max(0, earlier.length - limit));
  } else {
    window = items.slice(0, limit);
  }
  if (window.length === 0) return { data: [] };
  const first = encode(keyOf(window[0]!));
  const last = encode(keyOf(window[window.length - 1]!));
  const link = (name: 'after' | 'before', cursor: string) => {
    const u = new URL(requestUrl);
    u.searchParams.delete('after');
    u.searchParams.delete('before');
    u.searchParams.set('limit', String(limit));
    u.searchParams.set(name, cursor);
    return u.toString();
  };
  const lastKey = keyOf(window[window.length - 1]!);
  const firstKey = keyOf(window[0]!);
  const hasMore = items.some((it) => ahead(keyOf(it), lastKey));
  const hasEarlier = items.some((it) => ahead(firstKey, keyOf(it)));
  return {
    data: window,
    paging: {
      cursors: { before: first, after: last },
      ...(hasEarlier ? { previous: link('before', first) } : {}),
      ...(hasMore ? { next: link('after', last) } : {}),
    },
  };
}
