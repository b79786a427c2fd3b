/**
 * The Lambda packages as CDK deploys them (infra/lib/packaging.ts): one folder per function holding
 * the esbuild bundle `index.mjs` (+ source map and the copied JSON), and `node_modules` with only the
 * packages NodejsFunction installs beside it (each with its own non-optional dependencies, as
 * `npm install` would). The folders live outside the repository, next to a `node_modules` holding
 * only the AWS SDK, so a bundle resolves exactly what it would resolve in Lambda.
 *
 * Built once per source fingerprint (functions, shared, infra/lib, the lock file): `npm start` and
 * the tests rebuild only when a source changed; concurrent runs share finished builds.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { BUNDLE_FILE, BUNDLING, ESM_BANNER, externalModules, HANDLER_NAMES, JSON_LOADER, SHIPPED_NODE_MODULES } from '../../lib/packaging.js';

export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');
export const HANDLERS_DIR = join(REPO_ROOT, 'functions/src/handlers');
const SOURCES = ['functions/src', 'shared/src', 'infra/lib/packaging.ts', 'infra/local/lambda/bundles.ts', 'package-lock.json'];


/** Bundles one handler into `dir/index.mjs` with the settings CDK uses; returns the bundle's size in bytes. */
export async function bundleHandler(name: string, dir: string, sourcemap = true): Promise<number> {
  const outfile = join(dir, BUNDLE_FILE);
  await build({
    entryPoints: [join(HANDLERS_DIR, `${name}.ts`)], outfile, bundle: true, platform: 'node',
    target: BUNDLING.target, format: BUNDLING.format, minify: BUNDLING.minify, mainFields: [...BUNDLING.mainFields],
    external: externalModules(name), loader: { ...JSON_LOADER }, banner: { js: ESM_BANNER },
    sourcemap, sourcesContent: false, logLevel: 'error', tsconfig: join(REPO_ROOT, 'tsconfig.json'),
  });
  return statSync(outfile).size;
}

/**
 * The copy the functions workspace resolves (functions/node_modules first, where npm puts a version
 * that differs from the root's, then the root), as NodejsFunction installs the version
 * functions/package.json names.
 */
function packageDir(name: string): string {
  const dir = [join(REPO_ROOT, 'functions/node_modules', name), join(REPO_ROOT, 'node_modules', name)].find((d) => existsSync(join(d, 'package.json')));
  if (!dir) throw new Error(`${name} is shipped beside a bundle but is not installed in node_modules`);
  return dir;
}

/** Hard links where the file system allows (fast, no space), copies otherwise. */
function copyTree(from: string, to: string): void {
  mkdirSync(dirname(to), { recursive: true });
  try { execFileSync('cp', ['-al', from, to], { stdio: 'ignore' }); } catch { cpSync(from, to, { recursive: true, dereference: true }); }
}

/** What NodejsFunction's `nodeModules` installs: each package and its dependencies (optional peers left out, as npm does). */
export function installShippedModules(name: string, dir: string): void {
  const todo = [...(SHIPPED_NODE_MODULES[name] ?? [])];
  const done = new Set<string>();
  while (todo.length) {
    const pkg = todo.pop()!;
    if (done.has(pkg)) continue;
    done.add(pkg);
    const src = packageDir(pkg);
    copyTree(src, join(dir, 'node_modules', pkg));
    // The package's own nested copies ship with it; what they need beyond them resolves from the top.
    for (const dirOf of [src, ...nestedPackages(src)]) {
      const json = JSON.parse(readFileSync(join(dirOf, 'package.json'), 'utf8')) as { dependencies?: Record<string, string>; peerDependencies?: Record<string, string>; peerDependenciesMeta?: Record<string, { optional?: boolean }> };
      const nested = new Set(nestedPackages(src).map((d) => relative(join(src, 'node_modules'), d)));
      todo.push(...Object.keys(json.dependencies ?? {}).filter((d) => !nested.has(d)));
      todo.push(...Object.keys(json.peerDependencies ?? {}).filter((p) => !json.peerDependenciesMeta?.[p]?.optional && !nested.has(p)));
    }
  }
}

/** The package directories under `dir`/node_modules (scoped ones included), one level deep. */
function nestedPackages(dir: string): string[] {
  const root = join(dir, 'node_modules');
  if (!existsSync(root)) return [];
  return readdirSync(root, { withFileTypes: true }).filter((e) => e.isDirectory() && !e.name.startsWith('.')).flatMap((e) => e.name.startsWith('@')
    ? readdirSync(join(root, e.name), { withFileTypes: true }).filter((s) => s.isDirectory()).map((s) => join(root, e.name, s.name))
    : [join(root, e.name)]).filter((d) => existsSync(join(d, 'package.json')));
}

function newestFiles(path: string, out: string[]): void {
  const abs = join(REPO_ROOT, path);
  if (!existsSync(abs)) return;
  const st = statSync(abs);
  if (st.isFile()) { out.push(`${path}:${st.size}:${st.mtimeMs}`); return; }
  for (const e of readdirSync(abs, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name.endsWith('.test.ts')) continue;
    newestFiles(relative(REPO_ROOT, join(abs, e.name)), out);
  }
}

/** A hash of the sources (paths, sizes, times) something is built from: by default the bundles'. */
export function sourceFingerprint(sources: readonly string[] = SOURCES): string {
  const files: string[] = [];
  for (const s of sources) newestFiles(s, files);
  return createHash('sha256').update(REPO_ROOT).update(files.sort().join('\n')).digest('hex').slice(0, 16);
}

export interface BuiltFunctions {
  /** Folder of one function's package (LAMBDA_TASK_ROOT). */
  taskRoot(name: string): string;
  /** The folder holding them all (and the runtime's node_modules with the AWS SDK). */
  root: string;
  rebuilt: boolean;
}

export const LAMBDA_ROOT = join(tmpdir(), 'pagewarden-lambda');

/**
 * Builds every handler's package (when the sources changed since the last build) into
 * `$TMPDIR/pagewarden-lambda/<fingerprint>/task/<name>` and returns the folders.
 */
export async function ensureBundles(log: (l: string) => void = () => undefined): Promise<BuiltFunctions> {
  const root = join(LAMBDA_ROOT, sourceFingerprint());
  const taskRoot = (name: string) => join(root, 'task', name);
  if (existsSync(join(root, 'done'))) return { root, taskRoot, rebuilt: false };
  const t0 = Date.now();
  const tmp = `${root}.tmp-${process.pid}-${Date.now()}`;
  mkdirSync(join(tmp, 'node_modules'), { recursive: true });
  // The runtime's AWS SDK: Lambda supplies @aws-sdk/* (with the @smithy and @aws-crypto packages it needs).
  symlinkSync(join(REPO_ROOT, 'node_modules/@aws-sdk'), join(tmp, 'node_modules/@aws-sdk'));
  await Promise.all(HANDLER_NAMES.map(async (name) => {
    const dir = join(tmp, 'task', name);
    await bundleHandler(name, dir);
    installShippedModules(name, dir);
  }));
  writeFileSync(join(tmp, 'done'), new Date().toISOString());
  try { renameSync(tmp, root); } catch { rmSync(tmp, { recursive: true, force: true }); }
  pruneOldBuilds(root);
  log(`Built the Lambda packages in ${Date.now() - t0} ms (${root})`);
  return { root, taskRoot, rebuilt: true };
}

/** Builds a day old that no running stack uses any more. */
function pruneOldBuilds(keep: string): void {
  for (const d of readdirSync(LAMBDA_ROOT)) {
    const p = join(LAMBDA_ROOT, d);
    if (p !== keep && !p.includes('.tmp-') && Date.now() - statSync(p).mtimeMs > 86_400_000) rmSync(p, { recursive: true, force: true });
  }
}
