/**
 * Long work runs as jobs (issue 13 items 3 and 4), against the local stack: the jobs queue and
 * function, job records, progress over the WebSocket and GET /api/jobs/{id}, exports in the S3
 * stand-in behind presigned links, deletion as a job, the schedule's fan-out and Meta's usage headers.
 */
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { parse } from 'csv-parse/sync';
import Stripe from 'stripe';
import { describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import type { Job } from '@cg/shared';
import { FAKE_STRIPE_SECRET_KEY, stripeEvent } from '../support/fake-stripe.js';
import { Client, signedIn } from '../support/client.js';
import { connectThroughSandbox, control } from '../support/meta.js';
import { decision, makeComment, seed, store } from '../support/seed.js'; // (also points this process at the stack's table)

const workspaces = await import('../../functions/src/store/workspaces.js');
const accountsStore = await import('../../functions/src/store/accounts.js');
const billingStore = await import('../../functions/src/store/billing.js');
const jobsStore = await import('../../functions/src/store/jobs.js');
const tenant = await import('../../functions/src/store/tenant.js');
const jobs = await import('../../functions/src/domain/jobs.js');
const { fanOutSyncs } = await import('../../functions/src/domain/automation.js');
const { sqsJobQueue } = await import('../../functions/src/queue/sqs.js');
const { BULK_INLINE_MAX, DATA_INLINE_MAX, PROCESS_ALL_INLINE_MAX } = await import('../../functions/src/domain/job-kinds.js');

const api = inject('stripeApi');
const whsec = inject('stripeWebhookSecret');
const stripe = new Stripe(FAKE_STRIPE_SECRET_KEY, { host: api.host, port: api.port, protocol: 'http', apiVersion: '2026-07-29.dahlia' });

/** A job the stack runs: followed with GET /api/jobs/{id} until it ends (bounded by the test's timeout). */
async function finished(client: Client, id: string): Promise<Job> {
  for (;;) {
    const res = await client.get(`/api/jobs/${id}`);
    expect(res.status, res.text).toBe(200);
    if (res.json.status === 'succeeded' || res.json.status === 'failed') return res.json as Job;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The job record as the jobs function wrote it, once finished (for jobs no signed-in caller follows). */
async function recordFinished(id: string) {
  for (;;) {
    const j = await jobsStore.getJob(id);
    if (j?.status === 'succeeded' || j?.status === 'failed') return j;
    await new Promise((r) => setTimeout(r, 250));
  }
}

function openSocket(client: Client): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(client.baseUrl.replace(/^http/, 'ws') + '/ws', { headers: { Cookie: client.cookieHeader(), Origin: client.baseUrl } });
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`socket refused: ${res.statusCode}`)));
  });
}

async function ultimate(tag: string) {
  const s = await signedIn(tag);
  await workspaces.setWorkspaceFields(s.user.workspaceId, { subscriptionPlan: 'ultimate', autoAnalyze: false });
  return s;
}

const contents = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag} comment ${i}: ${['thanks, love it', 'where is my order??', 'buy followers at spam.example', 'you are an idiot', 'is this in stock in blue?'][i % 5]}`);

describe('Process All as a job', () => {
  it(`over ${PROCESS_ALL_INLINE_MAX} pending comments answers 202 with a job whose progress reaches 100 % on the socket; decisions equal the inline path's`, async () => {
    const N = PROCESS_ALL_INLINE_MAX + 100;
    const a = await ultimate('jobs-process');
    const texts = contents(N, 'p');
    await seed(a.user.workspaceId, texts.map((content) => makeComment({ content })));
    const ws = await openSocket(a.client);
    const seen: Job[] = [];
    const done = new Promise<Job>((resolve) => ws.on('message', (raw) => {
      const m = JSON.parse(String(raw));
      if (m.type !== 'job_progress') return;
      seen.push(m.job);
      if (m.job.status === 'succeeded' || m.job.status === 'failed') resolve(m.job);
    }));
    const res = await a.client.post('/api/comments/bulk-analyze');
    expect(res.status).toBe(202);
    expect(res.json.job).toMatchObject({ kind: 'process-all', status: 'queued', progress: 0 });
    const last = await done;
    ws.close();
    expect(last).toMatchObject({ id: res.json.job.id, status: 'succeeded', progress: 100 });
    expect(last.result).toEqual({ queued: N, analysed: N, failed: 0, stillProcessing: 0 });
    // The bar moved on the way (progress messages before the end), never backwards.
    const running = seen.filter((j) => j.status === 'running').map((j) => j.progress);
    expect(running.length).toBeGreaterThan(0);
    expect(running).toEqual([...running].sort((x, y) => x - y));
    expect((await finished(a.client, res.json.job.id)).status).toBe('succeeded');

    // The same comments processed by the inline path (two Process Alls under the threshold) get the same decisions.
    const b = await ultimate('jobs-process-inline');
    for (const half of [texts.slice(0, N / 2), texts.slice(N / 2)]) {
      await seed(b.user.workspaceId, half.map((content) => makeComment({ content })));
      const inline = await b.client.post('/api/comments/bulk-analyze');
      expect(inline.status).toBe(202);
      expect(inline.json).toEqual({ queued: N / 2 });
      for (;;) {
        const counters = await store.getCounters(b.user.workspaceId);
        if (!counters.status_processing) break;
        await new Promise((r) => setTimeout(r, 250));
      }
    }
    const decisions = async (workspaceId: string) => {
      const out = new Map<string, string>();
      for (const s of await store.listQueueByStatus(workspaceId, 'processed', N + 1)) out.set(s.comment.content, JSON.stringify([s.comment.aiDecision?.decision, s.comment.aiDecision?.sentiment, s.comment.aiDecision?.category]));
      return out;
    };
    const [viaJob, viaInline] = [await decisions(a.user.workspaceId), await decisions(b.user.workspaceId)];
    expect(viaJob.size).toBe(N);
    expect(viaJob).toEqual(viaInline);
  }, 300_000);
});

describe('bulk actions as a job', () => {
  it(`over ${BULK_INLINE_MAX} comments answer 202 with a job whose result is the per-comment bulk result`, async () => {
    const { client, user } = await ultimate('jobs-bulk');
    const comments = Array.from({ length: BULK_INLINE_MAX + 50 }, (_, i) => makeComment({ content: `bulk ${i}`, status: 'processed', aiDecision: decision() }));
    await seed(user.workspaceId, comments);
    const t0 = Date.now();
    const res = await client.post('/api/comments/bulk', { action: 'dismiss', ids: comments.map((c) => c.id) });
    expect(res.status, res.text).toBe(202);
    expect(res.json.job).toMatchObject({ kind: 'bulk', total: comments.length });
    const job = await finished(client, res.json.job.id);
    console.log(`bulk job of ${comments.length}: ${Date.now() - t0} ms`);
    expect(job).toMatchObject({ status: 'succeeded', progress: 100, done: comments.length });
    expect(job.result).toMatchObject({ action: 'dismiss', total: comments.length, succeeded: comments.length, failed: 0 });
    expect((job.result as { results: { id: string }[] }).results.map((r) => r.id)).toEqual(comments.map((c) => c.id));
  });
});

describe('export as a job', () => {
  it('10,000+ comments download complete through the presigned link (CSV and JSON); an expired or altered link is refused', async () => {
    const N = 10_050;
    const { client, user } = await ultimate('jobs-export');
    const tricky = 'He said "no", then, well,\nleft =SUM(A1)';
    const comments = Array.from({ length: N }, (_, i) => makeComment({ content: i === 7 ? tricky : `export comment ${i}` }));
    await seed(user.workspaceId, comments);
    expect(N).toBeGreaterThan(DATA_INLINE_MAX);

    const res = await client.get('/api/user/export');
    expect(res.status).toBe(202);
    const job = await finished(client, res.json.job.id);
    expect(job).toMatchObject({ kind: 'export', status: 'succeeded', progress: 100, result: { comments: N } });
    const csvFile = job.files!.find((f) => f.name.endsWith('.csv'))!;
    const jsonFile = job.files!.find((f) => f.name.endsWith('.json'))!;
    expect(Date.parse(csvFile.expiresAt)).toBeGreaterThan(Date.now());

    const download = await fetch(csvFile.url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain(`filename="${csvFile.name}"`);
    const rows = parse(await download.text(), { columns: true }) as Record<string, string>[];
    expect(rows.length).toBe(N);
    expect(new Set(rows.map((r) => r.id))).toEqual(new Set(comments.map((c) => c.id)));
    // Quotes, commas and line breaks survive.
    expect(rows.find((r) => r.id === comments[7]!.id)!.content).toBe(tricky);
    const json = await (await fetch(jsonFile.url)).json();
    expect(json.comments.length).toBe(N);
    expect(json.profile.email).toBe(user.email);
    expect(JSON.stringify(json)).not.toMatch(/encryptedToken|encryptedUserToken/);

    // The same object signed an hour ago for 15 minutes: S3 (here its stand-in) refuses it.
    const env = inject('stackEnv');
    const s3 = new S3Client({ region: env.AWS_REGION, endpoint: env.AWS_ENDPOINT_URL_S3, forcePathStyle: true, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
    const key = decodeURIComponent(new URL(csvFile.url).pathname.split('/').slice(2).join('/'));
    const expired = await getSignedUrl(s3, new GetObjectCommand({ Bucket: env.EXPORTS_BUCKET, Key: key }), { expiresIn: 900, signingDate: new Date(Date.now() - 3600_000) });
    const refused = await fetch(expired);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('Request has expired');
    // Another workspace's file through this link's signature: refused.
    const altered = csvFile.url.replace(user.workspaceId, 'someone-else');
    expect((await fetch(altered)).status).toBe(403);
  }, 300_000);

  it('a small workspace still exports in the answer (the spec route keeps its body)', async () => {
    const { client, user } = await ultimate('jobs-export-small');
    await seed(user.workspaceId, [makeComment({ content: 'small export' })]);
    const res = await client.get('/api/user/export');
    expect(res.status).toBe(200);
    expect(res.json.comments.map((c: { content: string }) => c.content)).toEqual(['small export']);
  });
});

describe('workspace deletion as a job', () => {
  async function activeSubscriber() {
    const s = await signedIn('jobs-delete');
    expect((await s.client.post('/api/create-subscription', { priceId: 'price_growth' })).status).toBe(200);
    const [customer] = (await stripe.customers.list({ email: s.email })).data;
    let sub = (await stripe.subscriptions.list({ customer: customer!.id })).data[0]!;
    await stripe.invoices.pay(typeof sub.latest_invoice === 'string' ? sub.latest_invoice : sub.latest_invoice!.id!);
    sub = await stripe.subscriptions.retrieve(sub.id);
    const payload = JSON.stringify(stripeEvent('customer.subscription.updated', sub as unknown as Record<string, unknown>));
    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: whsec });
    expect((await new Client().request('POST', '/webhooks/stripe', payload, { 'Content-Type': 'application/json', 'Stripe-Signature': signature })).status).toBe(200);
    return { ...s, sub };
  }

  async function itemsOf(workspaceId: string): Promise<number> {
    let n = 0;
    for await (const page of tenant.tenantItems(workspaceId)) n += page.length;
    return n;
  }

  it('cancels Stripe before answering, then the job deletes everything; a Stripe failure deletes nothing and starts no job', async () => {
    const { client, user, sub } = await activeSubscriber();
    await seed(user.workspaceId, Array.from({ length: DATA_INLINE_MAX + 50 }, () => makeComment()));

    await stripe.subscriptions.update(sub.id, { metadata: { fake_fail: 'cancel' } });
    const failed = await client.delete('/api/workspace');
    expect(failed.status).toBe(502);
    expect(failed.json.job).toBeUndefined();
    expect((await store.getCounters(user.workspaceId)).total).toBe(DATA_INLINE_MAX + 50);
    await stripe.subscriptions.update(sub.id, { metadata: { fake_fail: '' } });

    const res = await client.delete('/api/workspace');
    expect(res.status).toBe(202);
    expect(res.json.job.kind).toBe('delete-workspace');
    // Stripe first: cancelled by the time the job is announced.
    expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe('canceled');
    const job = await recordFinished(res.json.job.id);
    expect(job).toMatchObject({ status: 'succeeded', error: null });
    expect(await itemsOf(user.workspaceId)).toBe(0);
    expect(await billingStore.getBillingAccount(user.workspaceId)).toBeNull();
    expect(await workspaces.listMemberships(user.id)).toEqual([]);
  });
});

describe('jobs are retried and resume', () => {
  it('a failed attempt is queued again with a delay; the next attempt resumes from its checkpoint', async () => {
    const sent: { ids: string[]; delay?: number }[] = [];
    jobs.bindJobs({ queue: { send: async (ids, delay) => { sent.push({ ids, delay }); } } });
    const steps: string[] = [];
    jobs.registerJobRunner<unknown, { steps: string[] }>('test-resume', async (ctx) => {
      const from = (ctx.state as number | undefined) ?? 0;
      for (let i = from; i < 4; i++) {
        steps.push(`step ${i} (attempt ${ctx.attempt})`);
        await ctx.checkpoint(i + 1);
        if (i === 1 && ctx.attempt === 1) throw new Error('the network went away');
      }
      return { steps };
    });
    const { user } = await signedIn('jobs-retry');
    const job = await jobs.startJob(user.workspaceId, 'test-resume', {});
    await jobs.runJob(job.id);
    expect(await jobsStore.getJob(job.id)).toMatchObject({ status: 'queued', attempts: 1, error: 'the network went away' });
    expect(sent.at(-1)).toEqual({ ids: [job.id], delay: jobs.retryDelaySeconds(1) });
    await jobs.runJob(job.id);
    expect(await jobsStore.getJob(job.id)).toMatchObject({ status: 'succeeded', attempts: 2, error: null });
    expect(steps).toEqual(['step 0 (attempt 1)', 'step 1 (attempt 1)', 'step 2 (attempt 2)', 'step 3 (attempt 2)']);
    // A duplicate delivery of a finished job changes nothing.
    await jobs.runJob(job.id);
    expect((await jobsStore.getJob(job.id))!.attempts).toBe(2);
  });
});

describe('the schedule fans out', () => {
  it('enqueues one scheduled-sync job per workspace and brand', async () => {
    const sent: string[] = [];
    jobs.bindJobs({ queue: { send: async (ids) => { sent.push(...ids); } } });
    const one = await ultimate('fanout-1');
    const two = await ultimate('fanout-2');
    for (const s of [one, two]) expect(await connectThroughSandbox(s.client)).toContain('success=connected');
    const brandsOf = async (workspaceId: string) => new Set((await accountsStore.listAccounts(workspaceId)).map((a) => a.brandId || a.externalId));
    const expected = [...(await brandsOf(one.user.workspaceId))].map((b) => `${one.user.workspaceId}/${b}`)
      .concat([...(await brandsOf(two.user.workspaceId))].map((b) => `${two.user.workspaceId}/${b}`)).sort();
    expect(expected.length).toBeGreaterThanOrEqual(2);
    const r = await fanOutSyncs('frequent', [one.user.workspaceId, two.user.workspaceId]);
    expect(r).toMatchObject({ workspaces: 2, jobs: expected.length, failed: 0 });
    expect(r.jobIds.sort()).toEqual([...sent].sort());
    const records = await Promise.all(sent.map((id) => jobsStore.getJob(id)));
    expect(records.map((j) => `${j!.workspaceId}/${(j!.params as { brandId: string }).brandId}`).sort()).toEqual(expected);
    expect(records.every((j) => j!.kind === 'scheduled-sync' && j!.status === 'queued')).toBe(true);
  });

  it("a usage header near Meta's limit defers the sync: the account waits instead of calling on", async () => {
    jobs.bindJobs({ queue: sqsJobQueue });
    const { client, user } = await ultimate('usage');
    expect(await connectThroughSandbox(client)).toContain('success=connected');
    const brand = [...new Set((await accountsStore.listAccounts(user.workspaceId)).map((a) => a.brandId || a.externalId))][0]!;
    const before = (await control('state')).calls.graph as number;
    await control('usage', { percent: 95 });
    try {
      const job = await jobs.startJob(user.workspaceId, 'scheduled-sync', { brandId: brand, task: 'frequent' });
      const done = await recordFinished(job.id);
      expect(done.status).toBe('succeeded');
      const result = done.result as { throttled: string[]; added: number };
      const brandAccounts = (await accountsStore.listAccounts(user.workspaceId)).filter((a) => (a.brandId || a.externalId) === brand);
      expect(result.throttled.sort()).toEqual(brandAccounts.map((a) => a.accountName).sort());
      expect(result.added).toBe(0);
      for (const a of brandAccounts) expect(Date.parse(a.throttledUntil!)).toBeGreaterThan(Date.now());
      // One call answered at 95 %; everything after it was deferred.
      expect((await control('state')).calls.graph - before).toBe(1);
    } finally {
      await control('usage', { percent: null });
    }
  });
});
