/**
 * Issue 11 item 1: how soon a rule acts with no human. On its own local stack, a workspace connected
 * through the Meta sandbox has the rule "No links" (mode on, [{type:'link'}] → hide); comments with a
 * link are posted on the sandbox page one after the other (each arrives by webhook → meta-events →
 * rules → the exactly-once hide on the sandbox). Figure: `rule_hide_ms` p50 / p95 / max — from posting
 * the comment until the sandbox reports it hidden.
 *
 * `tsx scripts/bench-rules.ts [--comments N] [--json FILE]`
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStack } from '../infra/local/stack.js';
import { connectThroughSandbox, control, fmt, now, percentile, register, sleep } from './bench/util.js';

const arg = (name: string) => { const i = process.argv.indexOf(name); return i >= 0 ? process.argv[i + 1] : undefined; };
const count = Number(arg('--comments') ?? 30);
const dataDir = mkdtempSync(join(tmpdir(), 'pagewarden-bench-rules-'));
const stack = await startStack({ dataDir, persist: false, env: { RATE_LIMIT_PER_IP: '10000000' } });
try {
  await import('../functions/src/handlers/bind-ports.js');
  const workspaces = await import('../functions/src/store/workspaces.js');
  const { client, workspaceId } = await register(stack.url, 'bench-rules');
  await workspaces.setWorkspaceFields(workspaceId, { subscriptionPlan: 'ultimate', autoAnalyze: false });
  await connectThroughSandbox(client);
  const sandbox = stack.sandbox.url;
  const page = (await control(sandbox, 'state')).pages[0];
  const created = await client.post('/api/rules', { name: 'No links', mode: 'on', conditions: [{ type: 'link' }], action: { type: 'hide' } });
  if (created.status !== 201) throw new Error(`rule not created: ${created.status} ${created.text}`);
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const t0 = now();
    const c = (await control(sandbox, 'comments', { pageId: page.id, platform: 'facebook', ad: false, message: `Deal ${i}: https://deal-${i}.xyz/now` })).comment;
    for (;;) {
      const seen = (await control(sandbox, 'comments')).comments.find((x: any) => x.id === c.id);
      if (seen?.hidden) break;
      if (now() - t0 > 60_000) throw new Error(`comment ${c.id} not hidden after 60 s`);
      await sleep(10);
    }
    times.push(now() - t0);
  }
  const figures = { rule_hide_ms_p50: percentile(times, 50), rule_hide_ms_p95: percentile(times, 95), rule_hide_ms_max: Math.max(...times), comments: count };
  console.log(`rule "No links" (mode on): posted → hidden on the page, ${count} comments: p50 ${fmt(figures.rule_hide_ms_p50)} ms, p95 ${fmt(figures.rule_hide_ms_p95)} ms, max ${fmt(figures.rule_hide_ms_max)} ms`);
  const json = arg('--json');
  if (json) writeFileSync(json, JSON.stringify(figures, null, 2));
} finally {
  await stack.close();
  rmSync(dataDir, { recursive: true, force: true });
}
