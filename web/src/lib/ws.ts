/**
 * Live updates (spec section 4, design D9): a WebSocket on /ws (wss over https), open while signed in.
 * Every message type of the shared contract refreshes the lists; the connection comes back with
 * exponential backoff after a drop.
 */
import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { WS_MESSAGE_TYPES, WS_PATH } from '@cg/shared';
import { invalidateLists, qk } from './queryClient';

export const BACKOFF_BASE_MS = 1000;
export const BACKOFF_MAX_MS = 30_000;

export function wsUrl(loc: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${loc.protocol === 'https:' ? 'wss:' : 'ws:'}//${loc.host}${WS_PATH}`;
}

export function backoffDelay(attempt: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** attempt);
}

const KNOWN = new Set<string>(WS_MESSAGE_TYPES);

export function handleMessage(client: QueryClient, raw: unknown): void {
  let type: unknown;
  try {
    type = (JSON.parse(String(raw)) as { type?: unknown }).type;
  } catch {
    return;
  }
  if (typeof type !== 'string' || !KNOWN.has(type)) return;
  void invalidateLists(client);
  if (type === 'notice') void client.invalidateQueries({ queryKey: qk.user });
}

/**
 * Open the live connection while `enabled`; closes and stops reconnecting on unmount. A change of
 * `scope` (the active workspace) closes the socket and opens a new one, so the server binds it anew.
 */
export function connectLive(client: QueryClient): () => void {
  let socket: WebSocket | null = null;
  let attempt = 0;
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
    };
    socket.onmessage = (ev: MessageEvent) => handleMessage(client, ev.data);
    socket.onclose = () => {
      socket = null;
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
