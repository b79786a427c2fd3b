/**
 * The configuration the functions keep between events (store-port.ts configCached): a kept copy is
 * used while the area's version on the workspace record is unchanged, read again once another
 * process bumped it, dropped by a write through the port, never kept without versions or after a
 * failed read, and handed out as a copy the caller may change; the cross-post memory built from the
 * examples is built once per change of them (keptDerived). A fake of the store areas, bound with
 * bindStore (the DynamoDB adapter's bumps are tested in test/integration/config-versions.test.ts).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Rule } from '@cg/shared';
import { bindStore, stores, withRequestScope, type StorePort } from '../../src/domain/store-port.js';
import { loadMemory } from '../../src/domain/learning.js';
import type { Example } from '../../src/domain/memory.js';

let record: Record<string, unknown>;
let rules: Rule[];
let reads = 0;
let failNext = false;
let examples: Example[];
let exampleReads = 0;
const example = (commentId: string, text: string): Example => ({ commentId, text, final: 'delete', ai: 'ignore', verb: 'deleted', source: 'moderator', brandId: null, at: '2026-11-23T10:00:00.000Z' });

const rule = (id: string) => ({ id, name: `Rule ${id}`, mode: 'on', order: 0, conditions: [], action: { type: 'hide' } }) as unknown as Rule;
let n = 0;

beforeEach(() => {
  // A new workspace id per test: kept copies live for the process.
  record = { id: `w${++n}`, cfg_rules: 0, cfg_examples: 0 };
  examples = [example('c1', 'win a free iphone now at scam dot example, dm me')];
  exampleReads = 0;
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
    memory: {
      listExamples: async () => { exampleReads++; return examples.map((e) => ({ ...e })); },
      putExample: async (_: string, e: Example) => { examples = [e, ...examples]; record.cfg_examples = Number(record.cfg_examples) + 1; },
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

  it('keeps the cross-post memory built from the examples until an example is written', async () => {
    const ws = record.id as string;
    const memory = () => withRequestScope(() => loadMemory(ws));
    const spam = 'win a free iphone now at scam dot example, dm me';
    const other = 'cheap followers for your page, visit followers dot example today';
    expect((await memory()).find(spam)?.example.commentId).toBe('c1');
    expect((await memory()).find(other)).toBeNull();
    expect(exampleReads).toBe(1);
    expect(await memory()).toBe(await memory()); // built once, not again per event
    await withRequestScope(() => stores.memory.putExample(ws, example('c2', other)));
    const after = await memory();
    expect(after.find(other)?.example.commentId).toBe('c2');
    expect(after.find(spam)?.example.commentId).toBe('c1');
    expect(exampleReads).toBe(2);
  });
});
