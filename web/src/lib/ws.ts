/**
 * Live updates (spec section 4, design D9): a WebSocket on /ws (wss over https), open while signed in.
 * Messages go to the LiveCache (lib/live.ts: patches, coalesced refetches, the new-comments count).
 * A dropped connection comes back with exponential backoff; meanwhile the screens say live updates
 * are paused, and once it is back everything shown is refetched once (what changed meanwhile).
 */
import { useEffect } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { WS_PATH } from '@cg/shared';
import { LIVE_INITIAL, LIVE_KEY, LiveCache, readLive, setLive, type LiveState } from './live';

export const BACKOFF_BASE_MS = 1000;
export const BACKOFF_MAX_MS = 30_000;

export function wsUrl(loc: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${loc.protocol === 'https:' ? 'wss:' : 'ws:'}//${loc.host}${WS_PATH}`;
}

export function backoffDelay(attempt: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** attempt);
}

/**
 * Open the live connection while `enabled`; closes and stops reconnecting on unmount. A change of
 * `scope` (the active workspace) closes the socket and opens a new one, so the server binds it anew.
 */
export function connectLive(client: QueryClient): () => void {
  const live = new LiveCache(client);
  let socket: WebSocket | null = null;
  let attempt = 0;
  let lost = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const open = () => {
    if (stopped) return;
    try {
      socket = new WebSocket(wsUrl());
    } catch {
      schedule();
      return;
    }
    socket.onopen = () => {
      attempt = 0;
      if (lost) live.resync();
      lost = false;
      setLive(client, { paused: false });
    };
    socket.onmessage = (ev: MessageEvent) => live.handle(ev.data);
    socket.onclose = () => {
      socket = null;
      lost = true;
      setLive(client, { paused: true });
      schedule();
    };
  };
  const schedule = () => {
    if (stopped) return;
    const delay = backoffDelay(attempt++);
    timer = setTimeout(open, delay);
  };

  open();
  return () => {
    stopped = true;
    live.stop();
    setLive(client, { paused: false });
    if (timer) clearTimeout(timer);
    if (socket) {
      socket.onclose = null;
      socket.close();
    }
  };
}

export function useLiveUpdates(enabled: boolean, scope = ''): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    return connectLive(client);
  }, [enabled, client, scope]);
}

/** The live state the screens show: comments arrived but not loaded, and whether updates are paused. */
export function useLive(): LiveState {
  const client = useQueryClient();
  const q = useQuery({ queryKey: LIVE_KEY, queryFn: () => readLive(client), initialData: LIVE_INITIAL, staleTime: Infinity });
  return q.data;
}
