/**
 * The weekly report by mail (issue 11 item 8), against the local stack: the `weekly` automation task
 * queues one job per workspace, the jobs function mails the owners and admins (read back from the mail
 * catcher) the last 7 full days' figures, which equal a recount of the seeded comments; a second run
 * mails nobody twice; a workspace that turned it off gets nothing.
 */
import { describe, expect, it } from 'vitest';
import { PDFParse } from 'pdf-parse';
import type { Comment } from '@cg/shared';
import { signedIn, uniqueEmail } from '../support/client.js';
import { mailsTo } from '../support/mail.js';
import { decision, makeComment, seed } from '../support/seed.js'; // (also points this process at the stack's table)

const workspaces = await import('../../functions/src/store/workspaces.js');
const jobsStore = await import('../../functions/src/store/jobs.js');
const { markAutomated } = await import('../../functions/src/store/automation.js');
const jobs = await import('../../functions/src/domain/jobs.js');
const { runAutomation } = await import('../../functions/src/domain/automation.js');
const { sqsJobQueue } = await import('../../functions/src/queue/sqs.js');

const DAY = 86_400_000;
const SENTIMENTS = ['positive', 'negative', 'neutral'] as const;
const SUBJECT = /^Weekly report for /;
const noDeps = { queue: { enqueue: async () => undefined }, platform: null as never, notifier: { notify: async () => undefined, disconnectMember: async () => undefined } };

/** The job records as the jobs function wrote them, once all have finished. */
async function finished(ids: string[]) {
  return Promise.all(ids.map(async (id) => {
    for (;;) {
      const j = await jobsStore.getJob(id);
      if (j?.status === 'succeeded' || j?.status === 'failed') return j;
      await new Promise((r) => setTimeout(r, 250));
    }
  }));
}

/** Runs the weekly task and waits for the jobs of these workspaces. */
async function weeklyTask(mine: string[]) {
  const r = await runAutomation(noDeps, 'weekly');
  expect(r.jobIds?.length).toBe(r.jobs);
  const records = await Promise.all(r.jobIds!.map((id) => jobsStore.getJob(id)));
  const ours = records.filter((j) => mine.includes(j!.workspaceId)).map((j) => j!.id);
  expect(ours).toHaveLength(mine.length);
  const done = await finished(ours);
  for (const j of done) expect(j!.status, String(j!.error)).toBe('succeeded');
  return done;
}

describe('the weekly report by mail', () => {
  it("mails owners and admins the last 7 full days' figures (equal to a recount) once per week; not moderators, not a workspace that turned it off", async () => {
    jobs.bindJobs({ queue: sqsJobQueue });
    const { client, email: ownerEmail, user } = await signedIn('weekly');
    const ws = user.workspaceId;
    const adminEmail = uniqueEmail('weekly-admin');
    const moderatorEmail = uniqueEmail('weekly-mod');
    const joinedAt = new Date().toISOString();
    await workspaces.addMember({ workspaceId: ws, userId: `admin-${Date.now()}`, email: adminEmail, role: 'admin', joinedAt }, 'Weekly test');
    await workspaces.addMember({ workspaceId: ws, userId: `mod-${Date.now()}`, email: moderatorEmail, role: 'moderator', joinedAt }, 'Weekly test');
    expect((await client.put('/api/workspace', { name: 'Harbour Bakery' })).status).toBe(200);

    // 30 comments over the last 10 days (today and 8-9 days ago fall outside last week).
    const now = new Date();
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const comments: Comment[] = Array.from({ length: 30 }, (_, i) => makeComment({
      timestamp: new Date(Math.min(today - (i % 10) * DAY + 10 * 3_600_000, now.getTime() - 60_000)).toISOString(),
      status: 'processed', postId: `post_${i % 3}`, aiDecision: decision({ sentiment: SENTIMENTS[(i * 7) % 3]! }),
    }));
    await seed(ws, comments);
    await markAutomated(ws);
    const inWeek = comments.filter((c) => Date.parse(c.timestamp) >= today - 7 * DAY && Date.parse(c.timestamp) < today);
    const count = (s: string) => inWeek.filter((c) => c.aiDecision!.sentiment === s).length;
    const from = new Date(today - 7 * DAY).toISOString().slice(0, 10);
    const to = new Date(today - DAY).toISOString().slice(0, 10);

    // A second workspace turned it off.
    const off = await signedIn('weekly-off');
    expect((await off.client.put('/api/workspace', { weeklyReport: false })).json.weeklyReport).toBe(false);
    await seed(off.user.workspaceId, [makeComment({ timestamp: new Date(today - 2 * DAY).toISOString() })]);
    await markAutomated(off.user.workspaceId);

    const done = await weeklyTask([ws, off.user.workspaceId]);
    expect(done.find((j) => j!.workspaceId === ws)!.result).toMatchObject({ mailed: 2, skipped: 0, comments: inWeek.length });
    expect(done.find((j) => j!.workspaceId === off.user.workspaceId)!.result).toMatchObject({ mailed: 0 });

    for (const address of [ownerEmail, adminEmail]) {
      const mails = (await mailsTo(address)).filter((m) => SUBJECT.test(m.subject));
      expect(mails).toHaveLength(1);
      const mail = mails[0]!;
      expect(mail.subject).toBe(`Weekly report for Harbour Bakery: ${from} to ${to}`);
      expect(mail.text).toContain(`From: ${from}`);
      expect(mail.text).toContain(`Comments: ${inWeek.length}\n`);
      for (const s of SENTIMENTS) expect(mail.text).toContain(`${s[0]!.toUpperCase()}${s.slice(1)}: ${count(s)}\n`);
    }
    expect((await mailsTo(moderatorEmail)).filter((m) => SUBJECT.test(m.subject))).toEqual([]);
    expect((await mailsTo(off.email)).filter((m) => SUBJECT.test(m.subject))).toEqual([]);

    // The mail's link downloads that week's PDF for a signed-in member, with the same figures.
    const link = /Download it as a PDF \(sign in first\): (\S+)/.exec((await mailsTo(ownerEmail)).find((m) => SUBJECT.test(m.subject))!.text)![1]!;
    const url = new URL(link);
    const pdf = await fetch(client.baseUrl + url.pathname + url.search, { headers: { Cookie: client.cookieHeader() } });
    expect(pdf.status).toBe(200);
    const text = (await new PDFParse({ data: new Uint8Array(await pdf.arrayBuffer()) }).getText()).text;
    expect(text).toContain(`Comments: ${inWeek.length}`);
    expect(text).toContain(`Negative: ${count('negative')}`);

    // The schedule runs again (a retry): nobody is mailed twice.
    const [again] = await weeklyTask([ws]);
    expect(again!.result).toMatchObject({ mailed: 0, skipped: 2 });
    for (const address of [ownerEmail, adminEmail]) expect((await mailsTo(address)).filter((m) => SUBJECT.test(m.subject))).toHaveLength(1);
  });
});
