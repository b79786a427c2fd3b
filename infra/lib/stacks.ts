/**
 * The three stacks of a stage, split by lifecycle:
 * - Data: what holds state and is retained (table, token key, user pool, secrets);
 * - App: the Lambdas, queues, REST + WebSocket APIs and schedules (stateless, redeployed often);
 * - Web: the SPA bucket and the CloudFront distribution in front of everything.
 * All are environment-agnostic, so `cdk synth` needs no credentials.
 */
import { CfnOutput, Duration, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import * as ssm from 'aws-cdk-lib/aws-ssm';
import type { Construct } from 'constructs';
import { WS_PATH } from '@cg/shared';
import { Auth } from './auth.js';
import { Automation, bindBrandScheduleCleanup, bindBrandSchedules } from './automation.js';
import type { Config } from './config.js';
import { Data } from './data.js';
import { Exports } from './exports.js';
import {
  bindAppUrl,
  bindBucket,
  bindMail,
  bindQueue,
  bindSecret,
  bindTable,
  bindTokenKey,
  bindUserPool,
  bindWebSocket,
  appUrlParameterName,
  CgFunction,
  type CgFunctionProps,
} from './function.js';
import { Monitoring } from './monitoring.js';
import { acknowledgeFunctionFindings, MANAGE_CONNECTIONS_REASON } from './nag.js';
import { WorkQueue } from './queues.js';
import { Realtime } from './realtime.js';
import { bindApiKeysPlan, RestApi } from './rest-api.js';
import { Secrets } from './secrets.js';
import { Web } from './web.js';

export class DataStack extends Stack {
  readonly data: Data;
  readonly auth: Auth;
  readonly secrets: Secrets;

  constructor(scope: Construct, id: string, config: Config, props?: StackProps) {
    super(scope, id, { description: `CommentGuard ${config.stage}: table, token key, user pool, secrets`, ...props });
    this.data = new Data(this, 'Data', { stage: config.stage });
    this.auth = new Auth(this, 'Auth', { stage: config.stage });
    this.secrets = new Secrets(this, 'Secrets', { stage: config.stage });
  }
}

/**
 * Cognito admin calls the api makes: register (AdminCreateUser + a permanent AdminSetUserPassword, as
 * the pool has no public sign-up), email change and verification, password reset, account deletion.
 * Sign-out is GlobalSignOut with the user's own access token (no IAM).
 */
export const API_COGNITO_ADMIN_ACTIONS = [
  'AdminCreateUser',
  'AdminSetUserPassword',
  'AdminUpdateUserAttributes',
  'AdminDeleteUser',
] as const;

export class AppStack extends Stack {
  readonly functions: Record<'api' | 'webhooks' | 'ws' | 'authorizer' | 'analyser' | 'automation' | 'metaEvents' | 'webhookDeliveries' | 'jobs', CgFunction>;
  readonly analysisQueue: WorkQueue;
  readonly jobsQueue: WorkQueue;
  readonly exports: Exports;
  readonly metaEventsQueue: WorkQueue;
  readonly webhookDeliveriesQueue: WorkQueue;
  readonly restApi: RestApi;
  readonly realtime: Realtime;
  readonly automation: Automation;
  readonly monitoring: Monitoring;

  constructor(scope: Construct, id: string, config: Config, dataStack: DataStack, props?: StackProps) {
    super(scope, id, { description: `CommentGuard ${config.stage}: functions, queues, APIs, schedules`, ...props });
    const { table, tokenKey } = dataStack.data;
    const { userPool, client } = dataStack.auth;
    const secrets = dataStack.secrets;

    const make = (id: string, p: Omit<CgFunctionProps, 'stage' | 'logRetention' | 'logLevel' | 'stubBundling'>): CgFunction =>
      new CgFunction(this, id, { ...p, stage: config.stage, logRetention: config.logRetention, logLevel: config.logLevel, stubBundling: config.stubBundling });

    const fns = {
      api: make('Api', { handler: 'api', description: 'REST /api/* routes', memorySize: 1024 }),
      webhooks: make('Webhooks', { handler: 'webhooks', description: 'REST /webhooks/* (Meta, Stripe)' }),
      ws: make('Ws', { handler: 'ws', description: 'WebSocket $connect/$disconnect/$default', memorySize: 256 }),
      authorizer: make('Authorizer', { handler: 'authorizer', description: 'Cookie session authorizer (REST and WebSocket)', memorySize: 256, timeout: Duration.seconds(10) }),
      analyser: make('Analyser', {
        handler: 'analyser',
        description: 'Analysis queue consumer',
        memorySize: 1024,
        timeout: Duration.minutes(2),
        reservedConcurrentExecutions: config.analyserReservedConcurrency,
      }),
      automation: make('Automation', { handler: 'automation', description: 'Scheduled sync, stuck re-queue, Meta reconciliation', memorySize: 1024, timeout: Duration.minutes(5) }),
      metaEvents: make('MetaEvents', { handler: 'meta-events', description: 'Meta webhook-events queue consumer', timeout: Duration.minutes(1) }),
      jobs: make('Jobs', { handler: 'jobs', description: 'Jobs queue consumer: sync, Process All, bulk, export, deletion, scheduled syncs', memorySize: 1024, timeout: Duration.minutes(15) }),
      webhookDeliveries: make('WebhookDeliveries', { handler: 'webhook-deliveries', description: 'Outgoing webhook deliveries (signed POSTs, retried with back-off)', memorySize: 256, timeout: Duration.seconds(30) }),
    };
    this.functions = fns;

    // Queues.
    // Batches and batching window per analyser (config.ts): OpenAI gathers a trickle into full requests.
    this.analysisQueue = new WorkQueue(this, 'AnalysisQueue', {
      purpose: 'Comment analysis', consumerTimeout: Duration.minutes(2), batchingWindow: Duration.seconds(config.analysis.batchingWindowSeconds),
    });
    this.analysisQueue.consumeWith(fns.analyser.fn, Math.max(2, config.analyserReservedConcurrency), config.analysis.batchSize);
    this.metaEventsQueue = new WorkQueue(this, 'MetaEventsQueue', { purpose: 'Meta webhook events', consumerTimeout: Duration.minutes(1) });
    this.metaEventsQueue.consumeWith(fns.metaEvents.fn);
    // Long work (issue 13): one job per invocation, up to 50 at once (the schedule fans out one job per workspace and brand).
    this.jobsQueue = new WorkQueue(this, 'JobsQueue', { purpose: 'Background jobs', consumerTimeout: Duration.minutes(15) });
    this.jobsQueue.consumeWith(fns.jobs.fn, 50, 1);
    this.exports = new Exports(this, 'Exports');
    // Outgoing webhooks (issue 11, item 9): one message per delivery attempt; a retry is sent again with a delay.
    this.webhookDeliveriesQueue = new WorkQueue(this, 'WebhookDeliveriesQueue', { purpose: 'Outgoing webhook deliveries', consumerTimeout: Duration.seconds(30) });
    this.webhookDeliveriesQueue.consumeWith(fns.webhookDeliveries.fn);

    // APIs.
    this.restApi = new RestApi(this, 'Rest', {
      stage: config.stage,
      handlers: { api: fns.api.fn, webhooks: fns.webhooks.fn },
      authorizer: fns.authorizer.fn,
      throttle: config.throttle,
      logRetention: config.logRetention,
    });
    this.realtime = new Realtime(this, 'Realtime', {
      stageName: config.wsStageName,
      handler: fns.ws.fn,
      authorizer: fns.authorizer.fn,
      throttle: config.throttle,
      logRetention: config.logRetention,
    });
    this.automation = new Automation(this, 'Schedules', { stage: config.stage, handler: fns.automation.fn });
    // Brands' own schedules (issue 11 item 6): the api saves them in the brand group.
    bindBrandSchedules(fns.api, this.automation);
    bindBrandScheduleCleanup(fns.automation, this.automation);

    // Least-privilege bindings: each line grants exactly one capability and sets its env var.
    const bindAnalysisQueue = (f: CgFunction) => {
      bindQueue(f, 'ANALYSIS_QUEUE_URL', this.analysisQueue.queue);
      f.env('ANALYSIS_IDS_PER_MESSAGE', String(config.analysis.idsPerMessage));
    };
    bindTable(fns.api, table, 'write');
    bindUserPool(fns.api, userPool, client, API_COGNITO_ADMIN_ACTIONS);
    bindAnalysisQueue(fns.api);
    bindTokenKey(fns.api, tokenKey, 'encrypt-decrypt');
    bindSecret(fns.api, 'META_SECRET_ARN', secrets.meta);
    bindSecret(fns.api, 'STRIPE_SECRET_ARN', secrets.stripe);
    bindMail(fns.api, config.mailFrom);
    bindQueue(fns.api, 'JOBS_QUEUE_URL', this.jobsQueue.queue);
    bindBucket(fns.api, this.exports.bucket, 'read', 'write');

    bindTable(fns.webhooks, table, 'write');
    bindQueue(fns.webhooks, 'META_EVENTS_QUEUE_URL', this.metaEventsQueue.queue);
    // Meta's data-deletion callback unsubscribes the user's pages, which needs their tokens.
    bindTokenKey(fns.webhooks, tokenKey, 'decrypt');
    bindSecret(fns.webhooks, 'META_SECRET_ARN', secrets.meta);
    bindSecret(fns.webhooks, 'STRIPE_WEBHOOK_SECRET_ARN', secrets.stripeWebhook);
    // Stripe events are applied after re-reading the subscription from Stripe (out-of-order safety).
    bindSecret(fns.webhooks, 'STRIPE_SECRET_ARN', secrets.stripe);

    bindTable(fns.ws, table, 'write');

    // The authorizer verifies Cognito tokens (public JWKS), refreshes them (public client) and reads the
    // session and the membership it names.
    bindUserPool(fns.authorizer, userPool, client);
    bindTable(fns.authorizer, table, 'read');

    bindTable(fns.analyser, table, 'write');
    // Comments autopilot or the cross-post memory may act on go to the Meta events consumer (domain/automatic.ts).
    bindQueue(fns.analyser, 'META_EVENTS_QUEUE_URL', this.metaEventsQueue.queue);
    bindSecret(fns.analyser, 'OPENAI_SECRET_ARN', secrets.openai);
    if (config.openai.baseUrl) fns.analyser.env('OPENAI_BASE_URL', config.openai.baseUrl);
    if (config.openai.model) fns.analyser.env('OPENAI_MODEL', config.openai.model);

    bindTable(fns.automation, table, 'write');
    bindAnalysisQueue(fns.automation);
    bindTokenKey(fns.automation, tokenKey, 'decrypt');
    bindSecret(fns.automation, 'META_SECRET_ARN', secrets.meta);

    // Jobs: the long work of the api and the schedule (sync, Process All, bulk, export, deletion).
    bindTable(fns.jobs, table, 'write');
    bindQueue(fns.jobs, 'JOBS_QUEUE_URL', this.jobsQueue.queue);
    bindAnalysisQueue(fns.jobs);
    bindTokenKey(fns.jobs, tokenKey, 'decrypt');
    bindSecret(fns.jobs, 'META_SECRET_ARN', secrets.meta);
    bindSecret(fns.jobs, 'STRIPE_SECRET_ARN', secrets.stripe);
    bindUserPool(fns.jobs, userPool, client, ['AdminDeleteUser']);
    bindBucket(fns.jobs, this.exports.bucket, 'write', 'read');
    bindMail(fns.jobs, config.mailFrom); // the weekly report by mail
    // Alerts (functions/src/domain/alerts.ts) are mailed by the functions that raise them: the negative surge
    // (analyser), response times and retried analyses (automation), incidents and arrivals over the quota (meta events).
    for (const f of [fns.analyser, fns.automation, fns.metaEvents]) bindMail(f, config.mailFrom);
    bindQueue(fns.automation, 'JOBS_QUEUE_URL', this.jobsQueue.queue);

    bindTable(fns.metaEvents, table, 'write');
    bindAnalysisQueue(fns.metaEvents);
    bindTokenKey(fns.metaEvents, tokenKey, 'decrypt');
    bindSecret(fns.metaEvents, 'META_SECRET_ARN', secrets.meta);

    // Every function that records comments emits their events (comment.received, .decided, .actioned);
    // the consumer delivers them, re-queues retries and opens each endpoint's sealed signing secret.
    for (const f of [fns.api, fns.analyser, fns.automation, fns.metaEvents, fns.webhookDeliveries]) bindQueue(f, 'WEBHOOK_DELIVERIES_QUEUE_URL', this.webhookDeliveriesQueue.queue);
    bindTable(fns.webhookDeliveries, table, 'write');
    // API keys: the api registers each in the keys' usage plan; the authorizer names sessions' shared usage key.
    bindApiKeysPlan(fns.api, this.restApi);
    fns.authorizer.env('SESSION_USAGE_KEY', this.restApi.sessionUsageKey);
    bindTokenKey(fns.webhookDeliveries, tokenKey, 'decrypt');

    for (const f of [fns.api, fns.analyser, fns.automation, fns.metaEvents, fns.jobs]) {
      bindWebSocket(f, this.realtime.managementEndpoint, this.realtime.manageConnectionsArn);
      Validations.of(f).acknowledge({ id: this.realtime.manageConnectionsFindingId, reason: MANAGE_CONNECTIONS_REASON });
    }
    // The origin of links (OAuth redirect, Stripe return, invitations, data-deletion status) and of the
    // Origin checks: from the stack, never from X-Forwarded-Host.
    // The analyser, automation and meta-events functions link alerts' mail and Slack messages to the app.
    for (const f of [fns.api, fns.webhooks, fns.jobs, fns.analyser, fns.automation, fns.metaEvents]) bindAppUrl(f, config.stage, config.domainName);
    if (config.domainName) for (const f of [fns.ws]) f.env('APP_URL', `https://${config.domainName}`);

    for (const f of Object.values(fns)) acknowledgeFunctionFindings(f);

    // Dashboard and alarms (DLQs, API 5xx, analysis lag, Graph throttling) to the stage's SNS topic.
    this.monitoring = new Monitoring(this, 'Monitoring', {
      stage: config.stage, functions: fns, restApi: this.restApi.api,
      queues: { analysis: this.analysisQueue, 'meta-events': this.metaEventsQueue, jobs: this.jobsQueue, 'webhook-deliveries': this.webhookDeliveriesQueue },
    });
    new CfnOutput(this, 'AlarmsTopic', { value: this.monitoring.topic.topicArn, description: 'SNS topic the alarms notify: subscribe an address or a pager' });
    new CfnOutput(this, 'Dashboard', { value: `https://${this.region}.console.aws.amazon.com/cloudwatch/home?region=${this.region}#dashboards:name=pagewarden-${config.stage}`, description: 'CloudWatch dashboard of the stage' });
  }
}

export class WebStack extends Stack {
  readonly web: Web;

  constructor(scope: Construct, id: string, config: Config, appStack: AppStack, props?: StackProps) {
    super(scope, id, { description: `CommentGuard ${config.stage}: SPA bucket and CloudFront`, ...props });
    this.web = new Web(this, 'Web', {
      stage: config.stage,
      restApi: appStack.restApi.api,
      restApiStageName: config.stage,
      webSocketDomain: appStack.realtime.domainName,
      webSocketPath: WS_PATH,
      domainName: config.domainName,
      certificateArn: config.certificateArn,
      deployAssets: config.deployWeb,
    });
    const siteUrl = config.domainName ? `https://${config.domainName}` : this.web.url;
    new ssm.StringParameter(this, 'AppUrl', {
      parameterName: appUrlParameterName(config.stage),
      stringValue: siteUrl,
      description: 'The site origin the api, webhooks and jobs functions use as APP_URL (read at cold start)',
    });
    new CfnOutput(this, 'SiteUrl', { value: config.domainName ? `https://${config.domainName}` : this.web.url, description: 'Open this URL: the SPA, /api, /webhooks and /ws' });
    new CfnOutput(this, 'DistributionDomain', { value: this.web.distribution.distributionDomainName });
    new CfnOutput(this, 'SiteBucket', { value: this.web.bucket.bucketName });
    new CfnOutput(this, 'MetaWebhookUrl', { value: `${config.domainName ? `https://${config.domainName}` : this.web.url}/webhooks/meta` });
    new CfnOutput(this, 'StripeWebhookUrl', { value: `${config.domainName ? `https://${config.domainName}` : this.web.url}/webhooks/stripe` });
  }
}
