/**
 * Scheduled automation per brand (issue 11 item 6) against the local stack: a schedule saved through
 * the API exists in the local scheduler (the EventBridge Scheduler stand-in, reached through the same
 * Scheduler API), with its cron in the brand's zone; firing it at its next run (no waiting for real
 * time: the stand-in's /__local/fire) syncs that brand only, runs its rules and analyses its comments;
 * turning it off removes it; a bad zone or time is a 400 naming the field.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { Client, signedIn } from '../support/client.js';
import { connectThroughSandbox, control, finishedJob } from '../support/meta.js';

Object.assign(process.env, inject('stackEnv'));
const { store } = await import('../support/seed.js');
const workspaces = await import('../../functions/src/store/workspaces.js');

const SCHEDULER = process.env.AWS_ENDPOINT_URL_SCHEDULER!;
const localSchedules = async (): Promise<any[]> => (await (await fetch(`${SCHEDULER}/__local/schedules`)).json()).schedules;
const fire = async (at: string): Promise<any[]> => (await (await fetch(`${SCHEDULER}/__local/fire`, { method: 'POST', body: JSON.stringify({ at }) })).json()).fired;

const until = async <T>(what: string, probe: () => Promise<T | undefined | null | false>): Promise<T> => {
  for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
    const found = await probe();
    if (found) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
};

/** The weekday and HH:MM of an instant in a zone. */
const local = (iso: string, timeZone: string) => {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return { weekday: parts.weekday!, time: `${parts.hour}:${parts.minute}` };
};

describe('scheduled automation per brand', () => {
  let client: Client;
  let workspaceId: string;
  let brandA: string;
  let brandB: string;
  let pages: { id: string; name: string }[];

  beforeAll(async () => {
    await control('reset', {});
    const { client: c, user } = await signedIn('schedules');
    client = c;
    workspaceId = user.workspaceId;
    // Ultimate: room for every sandbox page as a brand. Arrivals are not analysed by themselves: only the schedule analyses.
    await workspaces.setWorkspaceFields(workspaceId, { subscriptionPlan: 'ultimate', autoAnalyze: false });
    expect(await connectThroughSandbox(client)).toBe('/settings?success=connected');
    pages = (await control('state')).pages;
    const brands = (await client.get('/api/brands')).json as { id: string }[];
    expect(brands.length).toBeGreaterThanOrEqual(2);
    [brandA, brandB] = [pages[0]!.id, pages.find((p) => p.id !== pages[0]!.id && brands.some((b) => b.id === p.id))!.id];
    expect(brands.map((b) => b.id)).toEqual(expect.arrayContaining([brandA, brandB]));
  });

  it('is off until saved; a bad zone or time is a 400 naming the field; an unknown brand is a 404', async () => {
    const off = await client.get(`/api/brands/${brandA}/schedule`);
    expect(off.status, off.text).toBe(200);
    expect(off.json).toMatchObject({ brandId: brandA, preset: 'off', nextRuns: [] });

    const zone = await client.put(`/api/brands/${brandA}/schedule`, { preset: 'daily', times: ['09:00'], timeZone: 'Europe/Atlantis' });
    expect(zone.status).toBe(400);
    expect(zone.text).toContain('timeZone');
    const time = await client.put(`/api/brands/${brandA}/schedule`, { preset: 'daily', times: ['9 am'], timeZone: 'Europe/Berlin' });
    expect(time.status).toBe(400);
    expect(time.text).toContain('times');
    const count = await client.put(`/api/brands/${brandA}/schedule`, { preset: 'several', times: ['09:00'], timeZone: 'Europe/Berlin' });
    expect(count.status).toBe(400);
    expect(count.text).toContain('times');
    expect((await client.put('/api/brands/no-such-brand/schedule', { preset: 'daily', times: ['09:00'], timeZone: 'UTC' })).status).toBe(404);
    expect((await client.get(`/api/brands/${brandA}/schedule`)).json.preset).toBe('off');
  });

  it('a saved schedule is created in the scheduler; firing it syncs, applies the rules and analyses that brand only; off removes it', async () => {
    const timeZone = 'America/New_York';
    const saved = await client.put(`/api/brands/${brandA}/schedule`, { preset: 'weekdays', times: ['17:30', '09:00'], timeZone });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json).toMatchObject({ brandId: brandA, preset: 'weekdays', times: ['09:00', '17:30'], timeZone });
    const runs: string[] = saved.json.nextRuns;
    expect(runs).toHaveLength(5);
    expect([...runs].sort()).toEqual(runs);
    for (const r of runs) {
      const l = local(r, timeZone);
      expect(['Mon', 'Tue', 'Wed', 'Thu', 'Fri']).toContain(l.weekday);
      expect(['09:00', '17:30']).toContain(l.time);
    }
    expect(new Date(runs[0]!).getTime()).toBeGreaterThan(Date.now());
    expect((await client.get(`/api/brands/${brandA}/schedule`)).json.nextRuns).toEqual(runs);

    // In the scheduler: one schedule per minute of the times, cron in the brand's zone, the brand's input.
    const ours = (await localSchedules()).filter((s) => JSON.parse(s.Target.Input).workspaceId === workspaceId);
    expect(ours.map((s) => s.ScheduleExpression).sort()).toEqual(['cron(0 9 ? * MON-FRI *)', 'cron(30 17 ? * MON-FRI *)']);
    for (const s of ours) {
      expect(s.ScheduleExpressionTimezone).toBe(timeZone);
      expect(s.GroupName).toMatch(/-brands$/);
      expect(JSON.parse(s.Target.Input)).toEqual({ task: 'brand', workspaceId, brandId: brandA });
    }

    // A rule for brand A: links are hidden.
    const rule = await client.post('/api/rules', { name: 'No links (A)', brandId: brandA, mode: 'on', conditions: [{ type: 'link' }], action: { type: 'hide' } });
    expect(rule.status, rule.text).toBe(201);
    // New comments Meta sends no webhook for: only a sync brings them.
    const say = async (pageId: string, message: string) => (await control('comments', { pageId, platform: 'facebook', ad: false, message, webhook: false })).comment.id as string;
    const plainA = await say(brandA, `Do you ship to Canada? (${workspaceId.slice(0, 8)})`);
    const linkA = await say(brandA, `Cheap followers at https://spam-followers.example.com/${workspaceId.slice(0, 8)}`);
    const plainB = await say(brandB, `Opening hours on Sunday? (${workspaceId.slice(0, 8)})`);
    for (const id of [plainA, linkA, plainB]) expect(await store.getComment(workspaceId, `facebook_${id}`)).toBeNull();

    // Fire whatever is due at the next run: ours invokes the automation function, which queues the brand's job.
    const fired = (await fire(runs[0]!)).filter((f) => ours.some((s) => s.Name === f.name));
    expect(fired).toHaveLength(1);
    expect(fired[0].error).toBeUndefined();
    const jobId = fired[0].result.jobId;
    expect(typeof jobId).toBe('string');
    const job = await finishedJob(client, { id: jobId });
    expect(job.kind).toBe('scheduled-sync');
    expect(job.result.added).toBeGreaterThanOrEqual(2);

    // Brand A's comments were synced; the link one was hidden by the rule, on the page too.
    await until('the link comment hidden on the page', async () => (await control('comments?deleted=true')).comments.find((c: any) => c.id === linkA)?.hidden === true);
    await until('the hide recorded', async () => (await store.getComment(workspaceId, `facebook_${linkA}`))?.comment.isHidden);
    // The plain one was analysed and decided, with no one pressing anything.
    const decided = await until('the plain comment decided', async () => {
      const c = (await store.getComment(workspaceId, `facebook_${plainA}`))?.comment;
      return c?.status === 'processed' ? c : null;
    });
    expect(decided.aiDecision).toBeTruthy();
    // Brand B: not synced.
    expect(await store.getComment(workspaceId, `facebook_${plainB}`)).toBeNull();

    // Off: the scheduler's schedules are gone, and firing the same time a week later runs nothing of ours.
    const off = await client.put(`/api/brands/${brandA}/schedule`, { preset: 'off', timeZone });
    expect(off.status, off.text).toBe(200);
    expect(off.json.nextRuns).toEqual([]);
    expect((await localSchedules()).filter((s) => JSON.parse(s.Target.Input).workspaceId === workspaceId)).toEqual([]);
    const weekLater = new Date(new Date(runs[0]!).getTime() + 7 * 86_400_000).toISOString();
    expect((await fire(weekLater)).filter((f) => JSON.stringify(f).includes(workspaceId))).toEqual([]);
    // The sandbox's pages stay connected to this workspace after the file: a rule left on would hide other files' link comments.
    const { id, ...body } = rule.json;
    expect((await client.put(`/api/rules/${id}`, { name: body.name, brandId: body.brandId, mode: 'off', conditions: body.conditions, action: body.action })).status).toBe(200);
  });

  it('saving again updates the schedule in place: fewer times leave fewer schedules', async () => {
    const first = await client.put(`/api/brands/${brandB}/schedule`, { preset: 'several', times: ['08:15', '12:00', '18:45'], timeZone: 'Asia/Tokyo' });
    expect(first.status, first.text).toBe(200);
    const mine = async () => (await localSchedules()).filter((s) => JSON.parse(s.Target.Input).brandId === brandB && JSON.parse(s.Target.Input).workspaceId === workspaceId);
    expect((await mine()).map((s) => s.ScheduleExpression).sort()).toEqual(['cron(0 12 * * ? *)', 'cron(15 8 * * ? *)', 'cron(45 18 * * ? *)']);
    const second = await client.put(`/api/brands/${brandB}/schedule`, { preset: 'weekends', times: ['10:00'], timeZone: 'Asia/Tokyo' });
    expect(second.status, second.text).toBe(200);
    expect((await mine()).map((s) => [s.ScheduleExpression, s.ScheduleExpressionTimezone])).toEqual([['cron(0 10 ? * SAT,SUN *)', 'Asia/Tokyo']]);
    for (const r of second.json.nextRuns) expect(['Sat', 'Sun']).toContain(local(r, 'Asia/Tokyo').weekday);
    await client.put(`/api/brands/${brandB}/schedule`, { preset: 'off', timeZone: 'Asia/Tokyo' });
    expect(await mine()).toEqual([]);
  });

  it("a deleted workspace's schedules are removed from the scheduler by their next run", async () => {
    const { client: owner, user } = await signedIn('schedules-deleted');
    await workspaces.setWorkspaceFields(user.workspaceId, { subscriptionPlan: 'ultimate' });
    expect(await connectThroughSandbox(owner)).toBe('/settings?success=connected');
    const saved = await owner.put(`/api/brands/${brandA}/schedule`, { preset: 'daily', times: ['06:45'], timeZone: 'Europe/Paris' });
    expect(saved.status, saved.text).toBe(200);
    const theirs = async () => (await localSchedules()).filter((s) => JSON.parse(s.Target.Input).workspaceId === user.workspaceId);
    expect(await theirs()).toHaveLength(1);
    expect((await owner.delete('/api/workspace')).status).toBe(200);
    const fired = (await fire(saved.json.nextRuns[0])).filter((f) => JSON.stringify(f.result ?? '').includes('removed') || f.error);
    expect(fired.map((f) => f.error)).not.toContain(expect.anything());
    expect(fired.length).toBeGreaterThanOrEqual(1);
    expect(await theirs()).toEqual([]);
  });
});
