/** One-time codes: hashed at rest, single use, 5 tries, an expiry, bound to the address they were mailed to. */
import { describe, expect, it } from 'vitest';
import type { CodePurpose, CodeStorePort, StoredCode } from '../../src/domain/code-port.js';
import { issueCode, redeemCode } from '../../src/domain/verification.js';
import type { MailPort } from '../../src/domain/ports.js';

/** The store's contract in memory (the DynamoDB adapter's conditions, in plain code). */
function memoryCodes(): CodeStorePort & { items: Map<string, StoredCode> } {
  const items = new Map<string, StoredCode>();
  const k = (p: CodePurpose, u: string) => `${p}#${u}`;
  return {
    items,
    async put(p, u, code) { items.set(k(p, u), { ...code }); },
    async takeTry(p, u, max, now) {
      const c = items.get(k(p, u));
      if (!c || c.tries >= max || c.expiresAt <= now) return null;
      c.tries++;
      return { ...c };
    },
    async consume(p, u, hash) { const c = items.get(k(p, u)); if (c?.hash !== hash) return false; items.delete(k(p, u)); return true; },
    async remove(p, u) { items.delete(k(p, u)); },
  };
}

const noMail: MailPort = { send: async () => undefined };

function setup(start = Date.parse('2026-03-01T10:00:00Z')) {
  let now = start;
  const codes = memoryCodes();
  return { codes, deps: { mail: noMail, codes, now: () => now }, advance: (ms: number) => { now += ms; } };
}

describe('one-time codes', () => {
  it('is six digits, stored only as a salted hash, and works once', async () => {
    const { codes, deps } = setup();
    const code = await issueCode(deps, 'reset', 'u1', 'Ada@Example.com');
    expect(code).toMatch(/^\d{6}$/);
    const stored = codes.items.get('reset#u1')!;
    expect(JSON.stringify(stored)).not.toContain(code);
    expect(stored.salt).toMatch(/^[0-9a-f]{32}$/);
    expect(await redeemCode(deps, 'reset', 'u1', code, 'ada@example.com')).toBe(true);
    expect(await redeemCode(deps, 'reset', 'u1', code, 'ada@example.com')).toBe(false);
  });

  it('two codes for the same input are salted differently', async () => {
    const { codes, deps } = setup();
    await issueCode(deps, 'verify', 'u1', 'a@example.com');
    const first = codes.items.get('verify#u1')!;
    await issueCode(deps, 'verify', 'u1', 'a@example.com');
    expect(codes.items.get('verify#u1')!.salt).not.toBe(first.salt);
  });

  it('accepts the code with spaces around or inside it', async () => {
    const { deps } = setup();
    const code = await issueCode(deps, 'verify', 'u1', 'a@example.com');
    expect(await redeemCode(deps, 'verify', 'u1', ` ${code.slice(0, 3)} ${code.slice(3)} `, 'a@example.com')).toBe(true);
  });

  it('refuses the right code after five wrong tries', async () => {
    const { deps } = setup();
    const code = await issueCode(deps, 'reset', 'u1', 'a@example.com');
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i++) expect(await redeemCode(deps, 'reset', 'u1', wrong, 'a@example.com')).toBe(false);
    expect(await redeemCode(deps, 'reset', 'u1', code, 'a@example.com')).toBe(false);
  });

  it('accepts the right code after four wrong tries', async () => {
    const { deps } = setup();
    const code = await issueCode(deps, 'reset', 'u1', 'a@example.com');
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 4; i++) await redeemCode(deps, 'reset', 'u1', wrong, 'a@example.com');
    expect(await redeemCode(deps, 'reset', 'u1', code, 'a@example.com')).toBe(true);
  });

  it('a reset code expires after 15 minutes, a verification code after 24 hours', async () => {
    const r = setup();
    const reset = await issueCode(r.deps, 'reset', 'u1', 'a@example.com');
    r.advance(15 * 60_000);
    expect(await redeemCode(r.deps, 'reset', 'u1', reset, 'a@example.com')).toBe(false);

    const v = setup();
    const verify = await issueCode(v.deps, 'verify', 'u1', 'a@example.com');
    v.advance(24 * 3600_000 - 1000);
    expect(await redeemCode(v.deps, 'verify', 'u1', verify, 'a@example.com')).toBe(true);
  });

  it('a code mailed to an old address does not verify a new one', async () => {
    const { deps } = setup();
    const code = await issueCode(deps, 'verify', 'u1', 'old@example.com');
    expect(await redeemCode(deps, 'verify', 'u1', code, 'new@example.com')).toBe(false);
  });

  it('a code of one purpose or user does not work for another', async () => {
    const { deps } = setup();
    const code = await issueCode(deps, 'verify', 'u1', 'a@example.com');
    expect(await redeemCode(deps, 'reset', 'u1', code, 'a@example.com')).toBe(false);
    expect(await redeemCode(deps, 'verify', 'u2', code, 'a@example.com')).toBe(false);
  });

  it('a malformed code is refused without using a try', async () => {
    const { codes, deps } = setup();
    await issueCode(deps, 'verify', 'u1', 'a@example.com');
    expect(await redeemCode(deps, 'verify', 'u1', 'abc123', 'a@example.com')).toBe(false);
    expect(codes.items.get('verify#u1')!.tries).toBe(0);
  });
});
