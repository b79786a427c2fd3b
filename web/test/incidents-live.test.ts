/** Troll-attack incidents (issue 11 item 4) in the app: the socket's incident_update refetches the banner's and the views' incidents, and nothing else. */
import { describe, expect, test } from 'vitest';
import { QueryObserver } from '@tanstack/react-query';
import { createQueryClient, qk } from '../src/lib/queryClient';
import { LiveCache } from '../src/lib/live';
import { incidentKeys } from '../src/lib/incidents';

describe('incident_update over the socket', () => {
  test('refetches the open incidents (the dashboard banner) and an incident page, not the comment lists', async () => {
    const client = createQueryClient();
    const fetched: string[] = [];
    const watch = (queryKey: readonly unknown[], name: string) => new QueryObserver(client, {
      queryKey, queryFn: () => { fetched.push(name); return { items: [] }; },
    }).subscribe(() => undefined);
    const stop = [watch(incidentKeys.list('open'), 'banner'), watch(incidentKeys.one('abc'), 'page'), watch(qk.stats, 'stats')];
    await expect.poll(() => fetched.length).toBe(3);
    fetched.length = 0;
    const live = new LiveCache(client);
    live.handle(JSON.stringify({ type: 'incident_update', incidentId: 'abc', status: 'open', message: 'Troll attack on post 1' }));
    await expect.poll(() => [...fetched].sort()).toEqual(['banner', 'page']);
    expect(fetched).not.toContain('stats');
    stop.forEach((s) => s());
    live.stop();
  });
});
