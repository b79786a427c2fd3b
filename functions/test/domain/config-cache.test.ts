/**
 * The configuration the functions keep between events (store-port.ts configCached): a kept copy is
 * used while the area's version on the workspace record is unchanged, read again once another
 * process bumped it, dropped by a write through the port, never kept without versions or after a
 * failed read, and handed out as a copy the caller may change. A fake of the store areas, bound with
 * bindStore (the DynamoDB adapter's bumps are tested in test/integration/config-versions.test.ts).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Rule } from '@cg/shared';
import { bindStore, stores, withRequestScope, type StorePort } from '../../src/domain/store-port.js';

let record: Record<string, unknown>;
let rules: Rule[];
let reads = 0;
let failNext = false;

const rule = (id: string) => ({ id, name: `Rule ${id}`, mode: 'on', order: 0, conditions: [], action: { type: 'hide' } }) as unknown as Rule;
let n = 0;

beforeEach(() => {
  // A new workspace id per test: kept copies live for the process.
  record = { id: `w${++n}`, cfg_rules: 0 };
  rules = [rule('a')];
  reads = 0;
  failNext = false;
  bindStore({
    workspaces: { getWorkspace: async (id: string) => (id === record.id ? { ...record } : null) },
    rules: {
      listRules: async () => {
        reads++;
        if (failNext) { failNext = false; throw new Error('DynamoDB unavailable'); }
        return rules.map((r) => ({ ...r }));
      },
      putRule: async (_: string, r: Rule) => { rules = [...rules.filter((x) => x.id !== r.id), r]; record.cfg_rules = Number(record.cfg_rules) + 1; },
    },
  } as unknown as StorePort);
});

const list = () => withRequestScope(() => stores.rules.listRules(record.id as string));

describe('configuration kept between events', () => {
  it('is read once while its version stays the same, each caller getting its own copy', async () => {
    const first = await list();
    first[0]!.name = 'changed by a caller';
    first.push(rule('b'));
    expect(await list()).toEqual([rule('a')]);
    expect(reads).toBe(1);
  });

  it('is read again once another process bumped its version', async () => {
    await list();
    rules = [rule('a'), rule('c')];
    expect((await list()).map((r) => r.id)).toEqual(['a']);
    record.cfg_rules = 1; // another process wrote a rule and bumped the version
    expect((await list()).map((r) => r.id)).toEqual(['a', 'c']);
    expect(reads).toBe(2);
  });

  it('is read again in the same scope after a write through the port', async () => {
    const ids = await withRequestScope(async () => {
      await stores.rules.listRules(record.id as string);
      await stores.rules.putRule(record.id as string, rule('d'));
      return (await stores.rules.listRules(record.id as string)).map((r) => r.id);
    });
    expect(ids).toEqual(['a', 'd']);
    expect(reads).toBe(2);
  });

  it('is never kept for a workspace record without versions', async () => {
    delete record.cfg_rules;
    await list();
    await list();
    expect(reads).toBe(2);
  });

  it('is not kept when the read failed', async () => {
    failNext = true;
    await expect(list()).rejects.toThrow('DynamoDB unavailable');
    expect(await list()).toEqual([rule('a')]);
    expect(reads).toBe(2);
  });
});
