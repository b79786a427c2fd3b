/**
 * Reports (issue 11 item 8) against the local stack: the figures of a range equal a recount of the
 * seeded comments done here, and the CSV, XLSX and PDF exports, parsed back with their own readers,
 * hold the same figures.
 */
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import ExcelJS from 'exceljs';
import { PDFParse } from 'pdf-parse';
import type { Comment } from '@cg/shared';
import { signedIn, type Client } from '../support/client.js';

Object.assign(process.env, inject('stackEnv'));
const { decision, makeComment, seed, store } = await import('../support/seed.js');
const claims = await import('../../functions/src/store/claims.js');

const DAY = 86_400_000;
const SENTIMENTS = ['positive', 'negative', 'neutral'] as const;
const CATEGORIES = ['question', 'complaint', 'praise', 'spam'] as const;

/** 40 comments over the last 10 days (so some fall outside 7 days), at 10:00 or 21:00 UTC. */
function history(now: Date): Comment[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: 40 }, (_, i) => {
    const day = today - (i % 10) * DAY;
    const at = Math.min(day + (i % 3 === 0 ? 21 : 10) * 3_600_000, now.getTime() - 60_000 - i * 1000);
    return makeComment({
      timestamp: new Date(at).toISOString(), status: 'processed', postId: `post_${i % 4}`,
      aiDecision: decision({ sentiment: SENTIMENTS[i % 3]!, category: CATEGORIES[i % 4]! }),
    });
  });
}

describe('reports', () => {
  it('the figures of 7 days equal a recount; exports hold them as CSV, XLSX and PDF', async () => {
    const { client, user } = await signedIn('reports');
    const ws = user.workspaceId;
    const now = new Date();
    const comments = history(now);
    await seed(ws, comments);
    // Some were acted on: replied 25 minutes after (by a person), hidden by a rule 5 minutes after.
    const replied = comments.filter((_, i) => i % 5 === 0);
    const hidden = comments.filter((_, i) => i % 7 === 1);
    for (const c of replied) {
      const s = (await store.getComment(ws, c.id))!;
      const at = new Date(Date.parse(c.timestamp) + 25 * 60_000).toISOString();
      await store.writeComment(s, { ...s, review: 'unchanged', comment: { ...s.comment, status: 'replied', reply: { id: `r_${c.id}`, text: 'Thanks!', at } } });
      await claims.addHistory(ws, c.id, { action: 'reply', by: 'Ada Lovelace', description: 'Replied', status: 'replied' });
    }
    for (const c of hidden) {
      const s = (await store.getComment(ws, c.id))!;
      await store.writeComment(s, { ...s, review: 'changed', comment: { ...s.comment, isHidden: true } });
      await claims.addHistory(ws, c.id, { action: 'hide', by: 'automation: No links', description: 'Hidden', status: 'processed' });
    }

    const res = await client.get('/api/reports?range=7d');
    expect(res.status, res.text).toBe(200);
    const r = res.json;
    const from = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - 6 * DAY;
    const inRange = comments.filter((c) => Date.parse(c.timestamp) >= from);
    const count = (f: (c: Comment) => boolean) => inRange.filter(f).length;
    expect(r.comments).toBe(inRange.length);
    expect(r.byDay).toHaveLength(7);
    expect(r.byDay.reduce((n: number, d: any) => n + d.comments, 0)).toBe(inRange.length);
    for (const s of SENTIMENTS) expect(r.sentiment[s]).toBe(count((c) => c.aiDecision!.sentiment === s));
    for (const k of CATEGORIES) expect(r.categories[k] ?? 0).toBe(count((c) => c.aiDecision!.category === k));
    const repliedIn = replied.filter((c) => inRange.includes(c)).length;
    const hiddenIn = hidden.filter((c) => inRange.includes(c)).length;
    expect(r.actions).toMatchObject({ replied: repliedIn, hidden: hiddenIn, human: repliedIn, automatic: hiddenIn });
    expect(r.responseTimes.medianFirstReplyMinutes).toBe(25);
    expect(r.responseTimes.answeredWithinTargetPct).toBe(100);
    const late = count((c) => { const d = new Date(c.timestamp); return d.getUTCHours() >= 18 || d.getUTCHours() < 9 || [0, 6].includes(d.getUTCDay()); });
    expect(r.responseTimes.afterHoursPct).toBe(Math.round((late / inRange.length) * 1000) / 10);
    // A comment replied and later hidden was reviewed once, and its decision changed.
    const reviewedIds = new Set([...replied, ...hidden].filter((c) => inRange.includes(c)).map((c) => c.id));
    expect(r.accuracyByDay.reduce((n: number, a: any) => n + a.reviewed, 0)).toBe(reviewedIds.size);
    expect(r.accuracyByDay.reduce((n: number, a: any) => n + a.unchanged, 0)).toBe(replied.filter((c) => inRange.includes(c) && !hidden.includes(c)).length);
    const negByPost = new Map<string, number>();
    for (const c of inRange) if (c.aiDecision!.sentiment === 'negative') negByPost.set(c.postId!, (negByPost.get(c.postId!) ?? 0) + 1);
    expect(r.topNegativePosts[0].negative).toBe(Math.max(...negByPost.values()));

    const csv = await client.request('GET', '/api/reports/export?format=csv&range=7d');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = csv.text.trim().split('\n').map((l) => l.split(','));
    expect(lines[0]).toEqual(['date', 'comments', 'positive', 'negative', 'neutral', 'reviewed', 'approved_unchanged', 'accuracy_pct']);
    expect(lines.at(-1)!.slice(0, 5)).toEqual(['total', String(inRange.length), String(r.sentiment.positive), String(r.sentiment.negative), String(r.sentiment.neutral)]);

    const xlsx = await fetchBytes(client, '/api/reports/export?format=xlsx&range=7d');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx as unknown as ArrayBuffer);
    const summary = new Map<string, unknown>();
    book.getWorksheet('Summary')!.eachRow((row) => { summary.set(String(row.getCell(1).value), row.getCell(2).value); });
    expect(summary.get('Comments')).toBe(inRange.length);
    expect(summary.get('Negative')).toBe(r.sentiment.negative);
    expect(summary.get('Replied')).toBe(repliedIn);
    expect(book.getWorksheet('By day')!.rowCount).toBe(8);

    const pdf = await fetchBytes(client, '/api/reports/export?format=pdf&range=7d');
    const text = (await new PDFParse({ data: new Uint8Array(pdf) }).getText()).text;
    expect(text).toContain(`Comments: ${inRange.length}`);
    expect(text).toContain(`Hidden: ${hiddenIn}`);
    expect(text).toContain('Pagewarden');
  });

  it('bad ranges and formats are 400s that say what is wrong', async () => {
    const { client } = await signedIn('reports-bad');
    const custom = await client.get('/api/reports?range=custom');
    expect(custom.status).toBe(400);
    expect(custom.text).toContain('from and to');
    expect((await client.get('/api/reports?range=custom&from=2026-02-01&to=2026-01-01')).text).toContain('from must not be after to');
    expect((await client.get('/api/reports/export?format=doc&range=7d')).status).toBe(400);
    expect((await client.get('/api/reports?range=custom&from=2024-01-01&to=2026-01-01')).text).toContain('366 days');
  });
});

async function fetchBytes(client: Client, path: string): Promise<Buffer> {
  const res = await fetch(client.baseUrl + path, { headers: { Cookie: client.cookieHeader() } });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}
