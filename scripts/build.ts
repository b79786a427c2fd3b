/**
 * `npm run build`: bundles every Lambda handler with esbuild (as CDK's NodejsFunction does) and
 * builds the SPA, then prints each Lambda's minified size (budget 300 KB) and the gzipped JS the
 * SPA loads per route.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { execSync } from 'node:child_process';
import { join } from 'node:path';
import { build } from 'esbuild';
import { JSON_LOADER, SHIPPED_NODE_MODULES } from '../infra/lib/packaging.js';

const root = new URL('..', import.meta.url).pathname;
const handlersDir = join(root, 'functions/src/handlers');
const BUDGET = 300 * 1024;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

async function lambdas(): Promise<boolean> {
  let ok = true;
  console.log('Lambda bundles (minified code; @aws-sdk/* from the Node 22 runtime; stripe/openai and the model shipped beside the bundle):');
  for (const file of readdirSync(handlersDir).filter((f) => f.endsWith('.ts') && f !== 'deps.ts').sort()) {
    const name = file.replace(/\.ts$/, '');
    const out = join(root, 'dist/lambdas', file.replace(/\.ts$/, ''), 'index.mjs');
    await build({
      entryPoints: [join(handlersDir, file)], outfile: out, bundle: true, minify: true, platform: 'node', target: 'node22', format: 'esm',
      // SDKs that only load when their keys are configured ship as node_modules beside the bundle
      // (NodejsFunction `nodeModules`), and the analyser's model ships as a file it reads at cold start.
      external: ['@aws-sdk/*', ...(SHIPPED_NODE_MODULES[name] ?? [])], loader: { ...JSON_LOADER }, logLevel: 'error',
      banner: { js: "import { createRequire as __cr } from 'module'; const require = __cr(import.meta.url);" },
    });
    const size = statSync(out).size;
    const over = size > BUDGET;
    ok &&= !over;
    const extra = SHIPPED_NODE_MODULES[name]?.length ? `  + node_modules: ${SHIPPED_NODE_MODULES[name]!.join(', ')}` : '';
    console.log(`  ${file.padEnd(18)} ${kb(size).padStart(10)}${over ? '  OVER BUDGET (300 KB)' : ''}${extra}`);
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
spa();
if (!ok) process.exitCode = 1;
