/**
 * The whole product on one machine (design D10): DynamoDB Local, cognito-local, the local gateway,
 * the built SPA on the same origin, and every Lambda function as CDK deploys it (lambda/): its
 * bundle, in its own Node 22 process, with the environment the synthesized template gives it, its
 * references resolved to the local stand-ins (lambda/environment.ts). Used by `npm start` and by the
 * integration and browser tests (each with its own ports and data folder).
 */
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Child } from './child.js';
import { startCognito } from './cognito.js';
import { ensureTable, startDynamo } from './dynamodb.js';
import { LOCAL_ACCOUNT, startAwsStandIns } from './aws-standins.js';
import { startDynamoObserver, type DynamoObserver } from './dynamo-observer.js';
import { startGateway, type GatewayHandlers } from './gateway.js';
import { ensureBundles } from './lambda/bundles.js';
import { localSecrets, type LocalResources } from './lambda/environment.js';
import { startFunctions } from './lambda/functions.js';
import { functionSpecs } from './lambda/template.js';
import { startMailCatcher } from './mail-catcher.js';
import { freePort } from './ports.js';
import { startLocalScheduler, startScheduler, type LocalScheduler } from './scheduler.js';
import { LocalQueue, startSqsEndpoint } from './sqs.js';
import { startMetaSandbox, type MetaSandboxHandle } from './meta-sandbox/index.js';

/** The local Meta app (the sandbox plays Meta; these are not secrets). */
const LOCAL_META = { appId: 'commentguard-local-app', appSecret: 'commentguard-local-app-secret', verifyToken: 'commentguard-local-verify' };
const LOCAL_META_ENV = { META_APP_ID: LOCAL_META.appId, META_APP_SECRET: LOCAL_META.appSecret, META_VERIFY_TOKEN: LOCAL_META.verifyToken };

/** The documented configuration (README) taken from the environment of `npm start` or the tests. */
const PASS_THROUGH = /^(RATE_LIMIT_|LOCKOUT_|OPENAI_|STRIPE_|META_API_VERSION$|META_DIALOG_URL$|LIVE_)/;
function passThroughConfig(): Record<string, string> {
  return Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => PASS_THROUGH.test(e[0]) && !!e[1]));
}

/** Secret name → the `<NAME>_SECRET_ARN` variable prefix (stripe-webhook → STRIPE_WEBHOOK). */
const secretVar = (name: string) => name.toUpperCase().replace(/-/g, '_');

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export interface StackOptions {
  /** Folder for persistent data; null keeps everything in memory/temporary. */
  dataDir: string;
  persist: boolean;
  port?: number;
  /** Post a new sandbox comment (and its webhook) every N ms, so a person sees comments arrive. */
  liveCommentsMs?: number;
  /** Run the automation schedules (sync, process, stuck re-queue) as EventBridge would. */
  schedules?: boolean;
  /**
   * Extra configuration for every function (e.g. rate limits in tests). Values that live in a secret
   * in AWS (Meta, Stripe and OpenAI keys, Stripe price ids) go into the local secret instead.
   */
  env?: Record<string, string>;
  log?: (line: string) => void;
  /**
   * Put an observing proxy between everything and DynamoDB Local (`Stack.dynamo`): benchmarks see each
   * call the functions make, and its consumed capacity. Off by default (a hop on every call).
   */
  observeDynamo?: boolean;
  /** CDK context the functions' template is synthesized with, as `-c key=value` (e.g. `{ analyser: 'openai' }`: the analysis queue's batching). */
  cdkContext?: Record<string, string>;
  /** Where the functions' own output goes (default: stderr, each line prefixed with the function's name). */
  functionLog?: (line: string) => void;
}

export interface Stack {
  url: string; env: Record<string, string>; queues: Map<string, LocalQueue>; sandbox: MetaSandboxHandle;
  /** The mail catcher's inbox (HTML at `/`, JSON at `/messages`): every mail the product sends locally. */
  mailUrl: string;
  /** The DynamoDB calls of every process, when started with `observeDynamo`. */
  dynamo: DynamoObserver | null;
  /** Each function's invocation durations and memory (LocalFunctions.invocations). */
  invocations: Map<string, { memoryMb: number; ms: number[] }>;
  /** The local EventBridge Scheduler (brands' schedules): `fireDue(at)`, also `POST <endpoint>/__local/fire {at}`. */
  scheduler: LocalScheduler;
  close(): Promise<void>;
}

export async function startStack(opts: StackOptions): Promise<Stack> {
  const log = opts.log ?? (() => undefined);
  const children: Child[] = [];
  const closers: (() => Promise<void>)[] = [];
  const close = async () => {
    for (const c of closers.reverse()) await c().catch(() => undefined);
    await Promise.all(children.map((c) => c.stop()));
  };
  try {
    mkdirSync(opts.dataDir, { recursive: true });
    const [dynamoPort, cognitoPort] = [await freePort(), await freePort()];
    log('Starting DynamoDB Local and cognito-local...');
    const t0 = Date.now();
    const built = Promise.all([ensureBundles(log), functionSpecs(log, opts.cdkContext)]);
    built.catch(() => undefined);
    const [dynamo, cognito] = await Promise.all([
      startDynamo(dynamoPort, opts.persist ? join(opts.dataDir, 'dynamodb') : null).then((c) => { children.push(c); return c; }),
      startCognito(cognitoPort, join(opts.dataDir, 'cognito')).then((c) => { children.push(c); return c; }),
    ]);
    const tableName = 'CommentGuard';
    await ensureTable(dynamo.endpoint, tableName);

    const port = opts.port ?? (await freePort());
    const queues = new Map<string, LocalQueue>();
    const sqs = await startSqsEndpoint(queues, await freePort());
    closers.push(sqs.close);
    const sandbox = await startMetaSandbox({ port: 0, ...LOCAL_META, webhookUrl: `http://127.0.0.1:${port}/webhooks/meta`, liveIntervalMs: opts.liveCommentsMs });
    // Usage headers as a product with many customers sees them (the app's 200 × 10,000 daily users, a
    // page's 4800 × 100 engaged users per hour): every workspace here shares the sandbox's few pages,
    // and the Graph client slows down and defers near the limits (issue 13). Tests force usage with
    // control `usage` or `usage-limits`.
    sandbox.state.usageLimits = { app: 2_000_000, object: 480_000 };
    closers.push(sandbox.close);
    const mail = await startMailCatcher();
    closers.push(mail.close);
    const region = 'us-east-1';
    const appUrl = `http://localhost:${port}`;
    const config = { ...LOCAL_META_ENV, ...passThroughConfig(), ...opts.env };
    const { secrets, plain } = localSecrets(config);
    const [{ root: buildDir }, specs] = await built;
    const dynamoObserver = opts.observeDynamo ? await startDynamoObserver(dynamo.endpoint) : null;
    if (dynamoObserver) closers.push(dynamoObserver.close);
    const standIns = await startAwsStandIns({ region, secrets, parameters: Object.fromEntries(specs.flatMap((s) => typeof s.environment.APP_URL_PARAMETER === 'string' ? [[s.environment.APP_URL_PARAMETER, appUrl]] : [])) });
    closers.push(standIns.close);
    // Brands' schedules: the api creates them through the Scheduler API; each invokes the automation function.
    const automationArn = `arn:aws:lambda:${region}:${LOCAL_ACCOUNT}:function:automation`;
    let invokeAutomation: ((event: unknown) => Promise<unknown>) | null = null;
    const scheduler = await startLocalScheduler({
      region, account: LOCAL_ACCOUNT, clock: !!opts.schedules, file: opts.persist ? join(opts.dataDir, 'schedules.json') : null, log,
      invoke: async (arn, input) => {
        if (arn !== automationArn || !invokeAutomation) throw new Error(`no local function has the ARN ${arn}`);
        return invokeAutomation(input);
      },
    });
    closers.push(scheduler.close);
    // Where the functions reach the local stand-ins (in AWS: the services' own endpoints, from the SDK).
    const endpoints: Record<string, string> = {
      DYNAMODB_ENDPOINT: dynamoObserver?.endpoint ?? dynamo.endpoint, COGNITO_ENDPOINT: cognito.endpoint, SQS_ENDPOINT: sqs.endpoint, META_GRAPH_URL: sandbox.url,
      MAIL_SMTP_URL: mail.smtpUrl, COOKIE_SECURE: 'false', ...standIns.endpointEnv, AWS_ENDPOINT_URL_SCHEDULER: scheduler.endpoint,
      // No API Gateway here: API keys are not registered in a usage plan (the per-key counter in DynamoDB limits them).
      API_KEYS_USAGE_PLAN_NAME: '',
      // Webhook receivers run on this machine (the tests' on 127.0.0.1): private addresses are allowed here only.
      WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
      // Powertools: the same log lines, printed readably (indented JSON; EMF metrics off in this mode),
      // warnings and errors only unless asked (npm start shows INFO; tests and benches stay quiet);
      // no X-Ray daemon here, so no traces.
      POWERTOOLS_DEV: 'true', POWERTOOLS_TRACE_ENABLED: 'false', POWERTOOLS_LOG_LEVEL: 'WARN',
    };
    const resources: LocalResources = {
      TABLE_NAME: tableName, COGNITO_USER_POOL_ID: cognito.ids.userPoolId, COGNITO_CLIENT_ID: cognito.ids.clientId,
      ANALYSIS_QUEUE_URL: sqs.urlOf('analysis'), META_EVENTS_QUEUE_URL: sqs.urlOf('meta-events'), WEBHOOK_DELIVERIES_QUEUE_URL: sqs.urlOf('webhook-deliveries'),
      WS_ENDPOINT: `http://127.0.0.1:${port}`,
      TOKEN_KEY_ID: standIns.keyArn, APP_URL: appUrl,
      JOBS_QUEUE_URL: sqs.urlOf('jobs'), EXPORTS_BUCKET: standIns.bucket,
      BRAND_SCHEDULE_ROLE_ARN: `arn:aws:iam::${LOCAL_ACCOUNT}:role/brand-schedules`, BRAND_SCHEDULE_TARGET_ARN: automationArn,
      ...Object.fromEntries(Object.keys(secrets).map((name) => [`${secretVar(name)}_SECRET_ARN`, standIns.secretArn(name)])),
    };
    const fns = startFunctions({ specs, buildDir, region, resources, endpoints, overrides: plain, log: opts.functionLog ?? ((l) => process.stderr.write(`${l}\n`)) });
    closers.push(fns.close);
    const invoker = fns.invoker;
    invokeAutomation = invoker('automation') as (event: unknown) => Promise<unknown>;
    const handlers: GatewayHandlers = { api: invoker('api'), webhooks: invoker('webhooks'), ws: invoker('ws'), authorizer: invoker('authorizer') };
    // What the tests and scripts use from outside the functions (seeding the table, reading mail, signing webhooks).
    const env: Record<string, string> = {
      AWS_REGION: region, AWS_ACCESS_KEY_ID: 'local', AWS_SECRET_ACCESS_KEY: 'local', ...endpoints, ...resources,
      META_APP_ID: LOCAL_META.appId, META_APP_SECRET: LOCAL_META.appSecret, META_VERIFY_TOKEN: LOCAL_META.verifyToken,
      MAIL_CATCHER_URL: mail.webUrl, ...opts.env,
    };
    // Tokens a test or script seals itself use the development key, which the functions also read.
    delete env.TOKEN_KEY_ID;
    Object.assign(process.env, env);
    log(`Functions started from ${buildDir} (${Date.now() - t0} ms since the stack began)`);
    // The analysis queue delivers to the analyser Lambda, as its event source mapping does in AWS.
    // Concurrency as in the CDK: the analyser's mapping is capped at its reserved concurrency (10 by
    // default, infra/lib/config.ts); the meta-events mapping has no cap in AWS (10 here).
    const queueOpts = { batchSize: 10, visibilityTimeoutMs: 30_000, maxReceiveCount: 5, concurrency: 10 };
    // The analyser's batch size and batching window come from its synthesized event source mapping.
    const analysisSource = specs.find((f) => f.name === 'analyser')?.eventSource;
    queues.set('analysis', new LocalQueue('analysis', invoker('analyser') as never, {
      ...queueOpts, batchSize: analysisSource?.batchSize ?? queueOpts.batchSize, maxBatchingWindowMs: (analysisSource?.maxBatchingWindowSeconds ?? 0) * 1000,
    }));
    queues.set('meta-events', new LocalQueue('meta-events', invoker('meta-events') as never, { ...queueOpts }));
    // Jobs: one per invocation, up to 50 at once, as the CDK's event source mapping (visibility: 6 × the 15-minute timeout).
    queues.set('jobs', new LocalQueue('jobs', invoker('jobs') as never, { batchSize: 1, visibilityTimeoutMs: 90 * 60_000, maxReceiveCount: 5, concurrency: 50 }));
    queues.set('webhook-deliveries', new LocalQueue('webhook-deliveries', invoker('webhook-deliveries') as never, { ...queueOpts }));
    if (opts.schedules) { const stop = startScheduler(invoker('automation'), log); closers.push(async () => stop()); }
    const gateway = await startGateway({ port, handlers, webDist: join(REPO_ROOT, 'web/dist') });
    closers.push(gateway.close);
    return { url: gateway.url, env, queues, sandbox, mailUrl: mail.webUrl, dynamo: dynamoObserver, invocations: fns.invocations, scheduler, close };
  } catch (err) {
    await close();
    throw err;
  }
}
