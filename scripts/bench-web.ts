/**
 * `npm run bench:web` (issue 5's quality bar; a script, not a test): builds the SPA, starts the local
 * stack (temporary data, nothing persisted), registers a user (connected through the Meta sandbox and
 * synced, so the dashboard shows a real queue), and runs Lighthouse with Debian's Chromium on the landing
 * page (signed out) and the signed-in dashboard (session cookie via extraHeaders), mobile and desktop.
 * Prints performance, accessibility and best-practices scores and the JS each route loads, gzipped,
 * next to the goals. Scores on a small shared machine vary from run to run.
 *
 * The local gateway compresses text assets as CloudFront does (infra/lib/web.ts, `compress: true`).
 * "JS gzipped" is the gzip -9 size of the very script files Lighthouse saw the page load.
 */
import { execSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { REPO_ROOT, startStack } from '../infra/local/stack.js';

const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];
const GOALS = { landingJsKb: 170, dashboardJsKb: 250, perfMobile: 90, perfDesktop: 95, accessibility: 95 };
const DIST = join(REPO_ROOT, 'web/dist');

const log = (s: string) => process.stdout.write(`${s}\n`);

function setCookies(res: Response, jar: Map<string, string>): void {
  for (const c of res.headers.getSetCookie()) {
    const [pair] = c.split(';');
    const i = pair!.indexOf('=');
    const name = pair!.slice(0, i);
    const value = pair!.slice(i + 1);
    if (/Max-Age=0/i.test(c) || value === '') jar.delete(name);
    else jar.set(name, value);
  }
}

/** A signed-in session with one connected brand and its synced comments; returns the Cookie header. */
async function signedInWithComments(base: string): Promise<string> {
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(base + path, {
      method, redirect: 'manual',
      headers: { ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...(jar.size ? { Cookie: cookie() } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    setCookies(res, jar);
    return res;
  };
  const reg = await call('POST', '/api/register', { email: `bench-${Date.now().toString(36)}@example.com`, password: 'Str0ngPassword', firstName: 'Bench', lastName: 'Mark' });
  if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${await reg.text()}`);
  // Connect through the sandbox's consent page (its Continue link), as the browser would.
  const start = await call('GET', '/api/auth/facebook');
  const dialog = await (await fetch(start.headers.get('location')!)).text();
  const link = /id="continue" href="([^"]+)"/.exec(dialog)?.[1]?.replace(/&amp;/g, '&');
  if (!link) throw new Error('no Continue link on the sandbox consent page');
  const cb = new URL(link);
  await call('GET', cb.pathname + cb.search);
  const sync = await call('POST', '/api/sync-comments');
  if (sync.status !== 200 && sync.status !== 202) throw new Error(`sync failed: ${sync.status}`);
  return cookie();
}

interface Result { origin: string; route: string; preset: 'mobile' | 'desktop'; fcp: string; lcp: string; tbt: string; perf: number; a11y: number; bp: number; jsGzKb: number; jsFiles: number; jsTransferKb: number; failing: string[] }

function gzKb(urlPath: string): number {
  const file = join(DIST, decodeURIComponent(urlPath));
  return existsSync(file) ? gzipSync(readFileSync(file), { level: 9 }).length / 1024 : 0;
}

async function audit(port: number, origin: string, url: string, route: string, preset: 'mobile' | 'desktop', cookie?: string): Promise<Result> {
  const runner = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices'], ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}) },
    preset === 'desktop' ? desktopConfig : undefined,
  );
  if (!runner) throw new Error('Lighthouse returned nothing');
  const lhr = runner.lhr;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const items = ((lhr.audits['network-requests']?.details as { items?: Array<{ url: string; resourceType?: string; transferSize?: number }> })?.items ?? [])
    .filter((r) => r.resourceType === 'Script' && new URL(r.url).origin === new URL(url).origin);
  const paths = [...new Set(items.map((r) => new URL(r.url).pathname))];
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  // Audits that cost points in accessibility and best practices (weighted, scored below 1).
  const failing = ['accessibility', 'best-practices'].flatMap((cat) => (lhr.categories[cat]?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1).map((ref) => `${cat}: ${ref.id}`));
  const metric = (id: string) => lhr.audits[id]?.displayValue?.replace(/\u00a0/g, ' ') ?? '?';
  return {
    origin, route, preset, fcp: metric('first-contentful-paint'), lcp: metric('largest-contentful-paint'), tbt: metric('total-blocking-time'), perf: score('performance'), a11y: score('accessibility'), bp: score('best-practices'),
    jsGzKb: paths.reduce((s, p) => s + gzKb(p), 0), jsFiles: paths.length,
    jsTransferKb: items.reduce((s, r) => s + (r.transferSize ?? 0), 0) / 1024,
    failing,
  };
}

const mark = (ok: boolean) => (ok ? 'ok  ' : 'MISS');

async function main(): Promise<void> {
  log('Building the SPA...');
  execSync('npx vite build web --logLevel warn', { cwd: REPO_ROOT, stdio: 'inherit' });

  const dataDir = mkdtempSync(join(tmpdir(), 'cg-bench-web-'));
  log('Starting the local stack...');
  const stack = await startStack({ dataDir, persist: false, env: { RATE_LIMIT_PER_IP: '100000' } });
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    const cookie = await signedInWithComments(stack.url);
    chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: FLAGS, logLevel: 'silent' });
    const results: Result[] = [];
    for (const [origin, base] of [['local gateway (gzip, as CloudFront)', stack.url]] as const) {
      for (const preset of ['mobile', 'desktop'] as const) {
        log(`Lighthouse ${preset}, ${origin}: landing, dashboard...`);
        results.push(await audit(chrome.port, origin, `${base}/`, 'landing', preset));
        results.push(await audit(chrome.port, origin, `${base}/dashboard`, 'dashboard', preset, cookie));
      }
    }

    log('\nLighthouse 13 · Debian Chromium · local stack · simulated throttling (mobile: slow 4G, 4x CPU)');
    let last = '';
    for (const r of results) {
      if (r.origin !== last) {
        last = r.origin;
        log(`\n${r.origin}:`);
        log('route       preset    perf        a11y       best-pr.  JS gzipped (files)         JS transferred   FCP / LCP / TBT');
      }
      const perfGoal = r.preset === 'mobile' ? GOALS.perfMobile : GOALS.perfDesktop;
      const jsGoal = r.route === 'landing' ? GOALS.landingJsKb : GOALS.dashboardJsKb;
      log(
        `${r.route.padEnd(11)} ${r.preset.padEnd(8)} ${String(r.perf).padStart(4)} ${mark(r.perf >= perfGoal)}` +
          `${String(r.a11y).padStart(4)} ${mark(r.a11y >= GOALS.accessibility)}${String(r.bp).padStart(5)}     ` +
          `${`${r.jsGzKb.toFixed(1)} KB (${r.jsFiles})`.padStart(16)} ${mark(r.jsGzKb <= jsGoal)}   ${`${r.jsTransferKb.toFixed(1)} KB`.padStart(10)}      ${r.fcp} / ${r.lcp} / ${r.tbt}`,
      );
    }
    const lost = [...new Set(results.flatMap((r) => r.failing.map((f) => `${r.route}: ${f}`)))];
    if (lost.length) log(`\nPoints lost (a11y, best practices):\n  ${lost.join('\n  ')}`);
    log(`\nGoals: landing JS ≤ ${GOALS.landingJsKb} KB gzipped, dashboard JS ≤ ${GOALS.dashboardJsKb} KB; performance ≥ ${GOALS.perfMobile} mobile, ≥ ${GOALS.perfDesktop} desktop; accessibility ≥ ${GOALS.accessibility}.`);
  } finally {
    await chrome?.kill();
    await stack.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
