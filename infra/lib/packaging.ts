/**
 * How each Lambda is packaged, declared once for CDK's bundling (function.ts), `npm run build`'s
 * size report and the local stack's bundles (infra/local/lambda/bundles.ts): SDKs that load only
 * when their keys are configured ship as node_modules beside the bundle, and JSON (the analyser's
 * model) and libraries that are mostly data ship as files read at cold start, so the code bundle
 * stays small. The AWS SDK v3 is left out: the nodejs22.x runtime supplies it.
 */
/** The Lambda entry files under functions/src/handlers (the others there are shared modules). */
export const HANDLER_NAMES = ['api', 'webhooks', 'ws', 'authorizer', 'analyser', 'automation', 'meta-events', 'webhook-deliveries', 'jobs'] as const;
export type HandlerName = (typeof HANDLER_NAMES)[number];

export const SHIPPED_NODE_MODULES: Record<string, string[]> = {
  // The common-password list (about 240 KB) loads only when a password is set.
  // csv-parse loads only when a knowledge-base CSV is imported.
  // Report files (csv-stringify, exceljs, pdf-lib) load only when a report is exported.
  // zod (about 98 KB minified, one copy in the lock file) and tldts-icann (rule matching's registrable
  // domains, about 85 KB, mostly the public-suffix list) ship beside the api, jobs and meta-events
  // bundles as beside the analyser's; the api's aws-jwt-verify (about 16 KB) too.
  // croner (about 31 KB minified) computes a brand schedule's next runs. safe-regex2 (rule regexes
  // checked for catastrophic backtracking, about 14 KB with ret), @middy/core (3 KB) and linkify-it
  // (rules' links, about 13 KB with uc.micro) keep the api's own code under the budget. NodejsFunction
  // installs a shipped package at the version functions/package.json names with `npm ci` against the
  // root lock file, which refuses when the lock's top-level copy differs: the root package.json names
  // linkify-it 6.1.0 too, so that copy is the top-level one (the local mail catcher's mailparser keeps
  // its own 5.x beneath it).
  api: ['stripe', 'fxa-common-password-list', 'csv-parse', 'csv-stringify', 'exceljs', 'pdf-lib', 'zod', 'tldts-icann', 'aws-jwt-verify', 'croner', 'safe-regex2', '@middy/core', 'linkify-it'],
  webhooks: ['stripe'],
  // Deletion jobs cancel the subscription in Stripe.
  jobs: ['stripe', 'csv-stringify', 'exceljs', 'pdf-lib', 'zod', 'tldts-icann'],
  'meta-events': ['zod', 'tldts-icann'],
  // The automation function runs rules and alerts too: the same two beside it (about 120 KB bundled).
  automation: ['zod', 'tldts-icann'],
  // openai/helpers/zod needs zod beside openai (an optional peer npm leaves out), so zod ships too
  // and the bundle shares that one copy. tldts-icann (links' registrable domains) is mostly the
  // public-suffix list, about 85 KB minified: like the model, that data ships beside the code and
  // loads at cold start. So do tinyld (language detection, about 80 KB, mostly its n-gram profiles) and
  // linkify-it (about 13 KB with uc.micro), which left room for the per-language rules and lexicons.
  analyser: ['openai', 'zod', 'tldts-icann', 'tinyld', 'linkify-it'],
};

/**
 * Powertools (logger, metrics, tracer, batch: about 55 KB minified together) and the X-Ray SDK the
 * tracer loads (aws-xray-sdk-core, about 110 KB more) ship beside every bundle rather than in it:
 * bundled, they would put the api and automation functions over the 300 KB budget.
 */
export const POWERTOOLS_MODULES = ['@aws-lambda-powertools/logger', '@aws-lambda-powertools/metrics', '@aws-lambda-powertools/tracer', '@aws-lambda-powertools/batch'];
for (const name of HANDLER_NAMES) SHIPPED_NODE_MODULES[name] = [...(SHIPPED_NODE_MODULES[name] ?? []), ...POWERTOOLS_MODULES];

export const JSON_LOADER = { '.json': 'copy' } as const;

/** ESM bundles of CommonJS dependencies need a `require`. */
export const ESM_BANNER = "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);";

/** The handler string of every function: index.mjs exporting `handler`, as NodejsFunction writes it. */
export const HANDLER = 'index.handler';
export const BUNDLE_FILE = 'index.mjs';

/** esbuild settings shared by all three builds (NodejsFunction takes the same values under other names). */
export const BUNDLING = {
  target: 'node22',
  format: 'esm',
  minify: true,
  mainFields: ['module', 'main'],
} as const;

/** Modules left out of a handler's bundle: the runtime's AWS SDK and what ships beside it. */
export function externalModules(handler: string): string[] {
  return ['@aws-sdk/*', ...(SHIPPED_NODE_MODULES[handler] ?? [])];
}
