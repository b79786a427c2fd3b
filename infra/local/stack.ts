/**
 * The whole product on one machine (design D10): DynamoDB Local, cognito-local, the local gateway
 * running the real Lambda handlers, and the built SPA on the same origin. Used by `npm start` and by
 * the integration and browser tests (each with its own ports and data folder).
 */
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Child } from './child.js';
import { startCognito } from './cognito.js';
import { ensureTable, startDynamo } from './dynamodb.js';
import { startGateway, type GatewayHandlers } from './gateway.js';
import { startMailCatcher } from './mail-catcher.js';
import { freePort } from './ports.js';
import { startScheduler } from './scheduler.js';
import { LocalQueue, startSqsEndpoint } from './sqs.js';
import { startMetaSandbox, type MetaSandboxHandle } from './meta-sandbox/index.js';

/** The local Meta app (the sandbox plays Meta; these are not secrets). */
const LOCAL_META = { appId: 'commentguard-local-app', appSecret: 'commentguard-local-app-secret', verifyToken: 'commentguard-local-verify' };

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
  /** Extra environment for the handlers (e.g. rate limits in tests). */
  env?: Record<string, string>;
  log?: (line: string) => void;
}

export interface Stack {
  url: string; env: Record<string, string>; queues: Map<string, LocalQueue>; sandbox: MetaSandboxHandle;
  /** The mail catcher's inbox (HTML at `/`, JSON at `/messages`): every mail the product sends locally. */
  mailUrl: string;
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
    closers.push(sandbox.close);
    const mail = await startMailCatcher();
    closers.push(mail.close);
    const env: Record<string, string> = {
      AWS_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: 'local', AWS_SECRET_ACCESS_KEY: 'local',
      TABLE_NAME: tableName, DYNAMODB_ENDPOINT: dynamo.endpoint,
      COGNITO_ENDPOINT: cognito.endpoint, COGNITO_USER_POOL_ID: cognito.ids.userPoolId, COGNITO_CLIENT_ID: cognito.ids.clientId,
      SQS_ENDPOINT: sqs.endpoint, ANALYSIS_QUEUE_URL: sqs.urlOf('analysis'), META_EVENTS_QUEUE_URL: sqs.urlOf('meta-events'),
      META_GRAPH_URL: sandbox.url, META_APP_ID: LOCAL_META.appId, META_APP_SECRET: LOCAL_META.appSecret, META_VERIFY_TOKEN: LOCAL_META.verifyToken,
      MAIL_SMTP_URL: mail.smtpUrl, MAIL_CATCHER_URL: mail.webUrl,
      COOKIE_SECURE: 'false', WS_ENDPOINT: `http://127.0.0.1:${port}`, APP_URL: `http://localhost:${port}`,
      ...opts.env,
    };
    Object.assign(process.env, env);

    const load = async (name: string) => ((await import(join(REPO_ROOT, 'functions/src/handlers', `${name}.ts`))) as { handler: GatewayHandlers['api'] }).handler;
    const handlers: GatewayHandlers = { api: await load('api'), webhooks: await load('webhooks'), ws: await load('ws'), authorizer: await load('authorizer') };
    // The analysis queue delivers to the analyser Lambda, as its event source mapping does in AWS.
    // Concurrency as in the CDK: the analyser's mapping is capped at its reserved concurrency (10 by
    // default, infra/lib/config.ts); the meta-events mapping has no cap in AWS (10 here).
    const queueOpts = { batchSize: 10, visibilityTimeoutMs: 30_000, maxReceiveCount: 5, concurrency: 10 };
    queues.set('analysis', new LocalQueue('analysis', (await load('analyser')) as never, queueOpts));
    queues.set('meta-events', new LocalQueue('meta-events', (await load('meta-events')) as never, { ...queueOpts }));
    if (opts.schedules) { const stop = startScheduler(await load('automation') as (e: unknown) => Promise<unknown>, log); closers.push(async () => stop()); }
    const gateway = await startGateway({ port, handlers, webDist: join(REPO_ROOT, 'web/dist') });
    closers.push(gateway.close);
    return { url: gateway.url, env, queues, sandbox, mailUrl: mail.webUrl, close };
  } catch (err) {
    await close();
    throw err;
  }
}
