/**
 * The workspace's "Analyse new comments automatically" setting (PUT /api/workspace {autoAnalyze}): off, a
 * sync stores new comments as pending and queues none until Process All; on again, arrivals are analysed.
 */
import { describe, expect, it } from 'vitest';
import { allComments, signedIn } from '../support/client.js';
import { connectThroughSandbox, finishedJob, syncAll } from '../support/meta.js';

describe('automatic analysis setting', () => {
  it('off: a sync queues nothing and every comment stays pending until Process All; the change is audited', async () => {
    const { client } = await signedIn('auto-off');
    const off = await client.put('/api/workspace', { autoAnalyze: false });
    expect(off.status).toBe(200);
    expect(off.json.autoAnalyze).toBe(false);
    expect((await client.get('/api/user')).json.autoAnalyze).toBe(false);

    await connectThroughSandbox(client);
    const sync = await syncAll(client);
    expect(sync.added).toBeGreaterThan(0);
    expect(sync.queued).toBe(0);
    const stored = await allComments(client);
    expect(stored.length).toBe(sync.added);
    expect(new Set(stored.map((c) => c.status))).toEqual(new Set(['pending']));

    const processAll = await client.post('/api/comments/bulk-analyze');
    expect(processAll.status).toBe(202);
    expect(processAll.json.queued ?? (await finishedJob(client, processAll.json.job)).result.queued).toBe(sync.added);

    const audit = await client.get('/api/audit-log');
    expect(JSON.stringify(audit.json)).toContain('workspace.auto-analyze');
    expect((await client.put('/api/workspace', { autoAnalyze: true })).json.autoAnalyze).toBe(true);
  });

  it('an empty or mistyped change is a 400 that says what to send', async () => {
    const { client } = await signedIn('auto-bad');
    const empty = await client.put('/api/workspace', {});
    expect(empty.status).toBe(400);
    expect(empty.text).toContain('Send name, autoAnalyze or weeklyReport');
    expect((await client.put('/api/workspace', { autoAnalyze: 'no' })).status).toBe(400);
  });
});
