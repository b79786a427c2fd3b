/**
 * Configuration kept between events, against DynamoDB Local (store-port.ts configCached and the
 * adapters' version bumps): the rules this process keeps are read again as soon as
 * another process changes them — the stack's HTTP function through the API, or the store written
 * without this process's port — because every write bumps the area's version on the workspace record.
 */
import { describe, expect, it } from 'vitest';
import { signedIn } from '../support/client.js';
import '../support/seed.js';

const { stores, withRequestScope } = await import('../../functions/src/domain/store-port.js');
const ruleStore = await import('../../functions/src/store/rules.js');
const workspaceStore = await import('../../functions/src/store/workspaces.js');

/** One event's reads, as a function runs them. */
const scoped = <T>(fn: () => Promise<T>) => withRequestScope(fn);

describe('configuration kept between events', () => {
  it('a new workspace carries a version per area, each write through the API bumps its own', async () => {
    const { client, user } = await signedIn('cfgversions');
    const ws = user.workspaceId as string;
    const before = (await workspaceStore.getWorkspace(ws)) as unknown as Record<string, unknown>;
    expect([before.cfg_rules, before.cfg_accounts, before.cfg_brands, before.cfg_examples, before.cfg_webhooks, before.cfg_autopilot]).toEqual([0, 0, 0, 0, 0, 0]);
    const created = await client.post('/api/rules', { name: 'Links', mode: 'on', conditions: [{ type: 'link' }], action: { type: 'hide' } });
    expect(created.status, created.text).toBe(201);
    const after = (await workspaceStore.getWorkspace(ws)) as unknown as Record<string, unknown>;
    expect([after.cfg_rules, after.cfg_brands]).toEqual([1, 0]);
    // The workspace's answers do not carry the versions.
    const read = await client.get('/api/workspace');
    expect(read.status, read.text).toBe(200);
    expect(JSON.stringify(read.json)).not.toContain('cfg_');
  });

  it('rules kept here are read again after the API changed them, and after a write that bypassed this process', async () => {
    const { client, user } = await signedIn('cfgrules');
    const ws = user.workspaceId as string;
    expect(await scoped(() => stores.rules.listRules(ws))).toEqual([]);
    const rule = (await client.post('/api/rules', { name: 'Links', mode: 'on', conditions: [{ type: 'link' }], action: { type: 'hide' } })).json;
    expect((await scoped(() => stores.rules.listRules(ws))).map((r) => [r.id, r.mode])).toEqual([[rule.id, 'on']]);
    const off = await client.put(`/api/rules/${rule.id}`, { name: rule.name, brandId: null, mode: 'off', conditions: rule.conditions, action: rule.action });
    expect(off.status, off.text).toBe(200);
    expect((await scoped(() => stores.rules.listRules(ws))).map((r) => r.mode)).toEqual(['off']);
    // Written with the adapter itself, as another process would: only the version tells this one.
    await ruleStore.putRule(ws, { ...rule, mode: 'shadow' });
    expect((await scoped(() => stores.rules.listRules(ws))).map((r) => r.mode)).toEqual(['shadow']);
    expect((await client.delete(`/api/rules/${rule.id}`)).status).toBe(200);
    expect(await scoped(() => stores.rules.listRules(ws))).toEqual([]);
  });
});
