/** `npm run smoke` against the local stack, as it runs against a deployed one: every check passes. */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it } from 'vitest';

const SCRIPT = fileURLToPath(new URL('../../scripts/smoke.ts', import.meta.url));

function runSmoke(args: string[]): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', SCRIPT, ...args], { timeout: 90_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, out: stdout + stderr });
    });
  });
}

describe('npm run smoke', () => {
  it('passes the SPA, register/sign-out/sign-in, the webhook handshake, a signed webhook and the WebSocket, and deletes its account', async () => {
    const env = inject('stackEnv');
    const { code, out } = await runSmoke([inject('baseUrl'), '--verify-token', env.META_VERIFY_TOKEN!, '--app-secret', env.META_APP_SECRET!]);
    const lines = out.split('\n').filter((l) => /^(pass|FAIL) /.test(l));
    expect(lines.map((l) => l.replace(/:.*/, '')), out).toEqual([
      'pass  SPA', 'pass  register', 'pass  sign-out', 'pass  sign-in', 'pass  webhook verification', 'pass  signed webhook', 'pass  WebSocket', 'pass  clean-up',
    ]);
    expect(lines.find((l) => l.startsWith('pass  webhook verification'))).toContain('the challenge comes back');
    expect(lines.find((l) => l.startsWith('pass  signed webhook'))).toContain('accepted');
    expect(code).toBe(0);
  });

  it('fails, saying so, when the address serves no stack', async () => {
    const { code, out } = await runSmoke(['http://127.0.0.1:9']);
    expect(out).toMatch(/^FAIL {2}SPA/m);
    expect(code).toBe(1);
  });
});
