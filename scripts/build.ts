/**
 * `npm run build`: bundles every Lambda handler as CDK's NodejsFunction does (the settings of
 * infra/lib/packaging.ts, through the local stack's bundler) and builds the SPA, then prints each
 * Lambda's minified size (budget 300 KB) and the gzipped JS the SPA loads per route.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { execSync } from 'node:child_process';
import { join } from 'node:path';
import { HANDLER_NAMES, SHIPPED_NODE_MODULES } from '../infra/lib/packaging.js';
import { bundleHandler } from '../infra/local/lambda/bundles.js';

const root = new URL('..', import.meta.url).pathname;
const BUDGET = 300 * 1024;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

async function lambdas(): Promise<boolean> {
  let ok = true;
  console.log('Lambda bundles (minified code; @aws-sdk/* from the Node 22 runtime; the packages named and the model shipped beside the bundle):');
  for (const name of [...HANDLER_NAMES].sort()) {
    const size = await bundleHandler(name, join(root, 'dist/lambdas', name), false);
    const over = size > BUDGET;
    ok &&= !over;
    const extra = SHIPPED_NODE_MODULES[name]?.length ? `  + node_modules: ${SHIPPED_NODE_MODULES[name]!.join(', ')}` : '';
    console.log(`  ${`${name}.ts`.padEnd(18)} ${kb(size).padStart(10)}${over ? '  OVER BUDGET (300 KB)' : ''}${extra}`);
  }
  return ok;
}

function spa(): void {
  execSync('npm run build -w web --silent', { cwd: root, stdio: 'inherit' });
  const assets = join(root, 'web/dist/assets');
  const files = readdirSync(assets).filter((f) => f.endsWith('.js'));
  const html = readFileSync(join(root, 'web/dist/index.html'), 'utf8');
  const entry = files.filter((f) => html.includes(f));
  const gz = (f: string) => gzipSync(readFileSync(join(assets, f))).length;
  const entryBytes = entry.reduce((s, f) => s + gz(f), 0);
  console.log(`\nSPA: entry JS ${kb(entryBytes)} gzipped (${entry.join(', ')})`);
  console.log('Route chunks (gzipped, loaded on top of the entry):');
  for (const f of files.filter((x) => !entry.includes(x)).sort()) console.log(`  ${f.padEnd(40)} ${kb(gz(f)).padStart(10)}`);
}

const ok = await lambdas();
if (process.argv.includes('--lambdas-only')) process.exit(ok ? 0 : 1);
spa();
if (!ok) process.exitCode = 1;
