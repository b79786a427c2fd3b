/** Meta's usage headers respected (issue 13 item 4): slow down above 75 %, defer from 90 %, per app and per Business Use Case object. */
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { DEFER_MS, DEFER_PERCENT, GraphClient, MAX_PACE_MS, SLOW_DOWN_PERCENT, ThrottledError, UsageGovernor, type GraphUsage } from '../../src/platform/meta/index.js';

const usage = (app: number, buc: Record<string, { pct: number; regainMin?: number }> = {}): GraphUsage => ({
  app: { call_count: app, total_cputime: 1, total_time: 1 },
  buc: Object.fromEntries(Object.entries(buc).map(([id, b]) => [id, [{ type: 'pages', call_count: b.pct, total_cputime: 1, total_time: 1, estimated_time_to_regain_access: b.regainMin ?? 0 }]])),
  maxPercent: Math.max(app, ...Object.values(buc).map((b) => b.pct)),
  regainMs: 0,
});

describe('UsageGovernor', () => {
  it('calls at once below 75 %, pauses more as usage nears 90 %, defers from 90 % until the window has room', () => {
    const g = new UsageGovernor();
    const now = 1_000_000;
    expect(g.before('/v23.0/123/feed', now)).toEqual({ deferMs: 0, paceMs: 0 });
    g.note(usage(SLOW_DOWN_PERCENT - 5), now);
    expect(g.before('/v23.0/123/feed', now)).toEqual({ deferMs: 0, paceMs: 0 });
    g.note(usage(80), now);
    const at80 = g.before('/v23.0/123/feed', now).paceMs;
    g.note(usage(88), now);
    const at88 = g.before('/v23.0/123/feed', now).paceMs;
    expect(at80).toBeGreaterThan(0);
    expect(at88).toBeGreaterThan(at80);
    expect(at88).toBeLessThanOrEqual(MAX_PACE_MS);
    g.note(usage(DEFER_PERCENT + 5), now);
    expect(g.before('/v23.0/123/feed', now)).toEqual({ deferMs: DEFER_MS, paceMs: 0 });
    // Once the deferral has passed, one call may go (its answer's headers say where usage stands).
    expect(g.before('/v23.0/123/feed', now + DEFER_MS).deferMs).toBe(0);
  });

  it("a Business Use Case near its limit defers only the calls on that object (a page, or a post id '<page>_<post>'), for Meta's regain time", () => {
    const g = new UsageGovernor();
    const now = 5_000_000;
    g.note(usage(10, { '111': { pct: 96, regainMin: 12 }, '222': { pct: 20 } }), now);
    expect(g.before('/v23.0/111/feed', now).deferMs).toBe(12 * 60_000);
    expect(g.before('/v23.0/111_987/comments', now).deferMs).toBe(12 * 60_000);
    expect(g.before('/v23.0/222/feed', now)).toEqual({ deferMs: 0, paceMs: 0 });
  });
});

describe('GraphClient with the governor', () => {
  function fakeMeta(appPercent: () => number) {
    const calls: string[] = [];
    const fetch = (async (url: URL | string) => {
      calls.push(new URL(String(url)).pathname);
      return new Response(JSON.stringify({ id: 'x' }), { status: 200, headers: { 'x-app-usage': JSON.stringify({ call_count: appPercent(), total_cputime: 1, total_time: 1 }) } });
    }) as typeof globalThis.fetch;
    return { calls, fetch };
  }

  it('pauses between calls above 75 % and stops calling from 90 %, throwing a throttle with the wait', async () => {
    let pct = 80;
    const meta = fakeMeta(() => pct);
    const pauses: number[] = [];
    const c = new GraphClient({ graphUrl: 'http://meta.test', fetch: meta.fetch, sleep: async (ms) => { pauses.push(ms); } });
    const schema = z.object({ id: z.string() });
    await c.get('/123', 'tok', {}, schema);
    expect(pauses).toEqual([]);
    await c.get('/123', 'tok', {}, schema);
    expect(pauses.length).toBe(1);
    expect(pauses[0]).toBeGreaterThan(0);
    pct = 95;
    await c.get('/123', 'tok', {}, schema);
    const err = await c.get('/123', 'tok', {}, schema).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ThrottledError);
    expect((err as ThrottledError).retryAfterMs).toBeGreaterThan(0);
    expect(meta.calls.length).toBe(3);
  });
});
