/**
 * CDK assertion tests of the three stacks. The app is synthesised once and the templates are
 * shared by every test in this file. Lambda code is a stub asset here (these tests read the
 * templates only); bundling.test.ts bundles the real handlers.
 */
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, type RouteDef } from '../../../shared/src/routes.js';
import { COMMENT_FILTER_ATTRIBUTES, TABLE } from '../../../shared/src/table.js';
import { MAX_RECEIVE_COUNT } from '../../lib/queues.js';
import { envOf, logicalId, rolePolicyJson, synthApp, type Synthesized } from './helpers.js';

let s: Synthesized;
beforeAll(() => {
  s = synthApp({ stubBundling: true });
}, 120_000);

type Res = { Type: string; Properties: Record<string, any>; DeletionPolicy?: string; UpdateReplacePolicy?: string };
const resources = (t: { findResources(type: string): Record<string, unknown> }, type: string): [string, Res][] =>
  Object.entries(t.findResources(type) as Record<string, Res>);

describe('synthesis', () => {
  it('names stacks after the app and stage', () => {
    expect([s.data.stackName, s.compute.stackName, s.web.stackName]).toEqual([
      'CommentGuard-prod-Data',
      'CommentGuard-prod-App',
      'CommentGuard-prod-Web',
    ]);
  });

  it('raises no construct warnings or errors', () => {
    for (const stack of [s.data, s.compute, s.web]) {
      const a = Annotations.fromStack(stack);
      expect(a.findWarning('*', Match.anyValue()).map((w) => `${w.id}: ${JSON.stringify(w.entry.data)}`)).toEqual([]);
      expect(a.findError('*', Match.anyValue())).toEqual([]);
    }
  });
});

describe('data stack', () => {
  it('creates the table exactly as TABLE declares it', () => {
    const tables = resources(s.templates.data, 'AWS::DynamoDB::Table');
    expect(tables).toHaveLength(1);
    const [, table] = tables[0]!;
    expect(table.Properties['KeySchema']).toEqual([
      { AttributeName: TABLE.partitionKey, KeyType: 'HASH' },
      { AttributeName: TABLE.sortKey, KeyType: 'RANGE' },
    ]);
    expect(table.Properties['BillingMode']).toBe('PAY_PER_REQUEST');
    expect(table.Properties['PointInTimeRecoverySpecification']).toEqual({ PointInTimeRecoveryEnabled: true });
    expect(table.Properties['SSESpecification']).toEqual({ SSEEnabled: true });
    expect(table.Properties['TimeToLiveSpecification']).toEqual({ AttributeName: TABLE.ttlAttribute, Enabled: true });
    expect(table.DeletionPolicy).toBe('Retain');
    const gsis = table.Properties['GlobalSecondaryIndexes'] as any[];
    expect(gsis.map((g) => g.IndexName)).toEqual(TABLE.indexes.map((i) => i.name));
    for (const index of TABLE.indexes) {
      const g = gsis.find((x) => x.IndexName === index.name);
      expect(g.KeySchema).toEqual([
        { AttributeName: index.partitionKey, KeyType: 'HASH' },
        { AttributeName: index.sortKey, KeyType: 'RANGE' },
      ]);
      expect(g.Projection).toEqual(index.projection === 'ALL' ? { ProjectionType: 'ALL' } : index.projection === 'KEYS' ? { ProjectionType: 'KEYS_ONLY' } : { ProjectionType: 'INCLUDE', NonKeyAttributes: [...COMMENT_FILTER_ATTRIBUTES] });
    }
    const attrs = (table.Properties['AttributeDefinitions'] as { AttributeName: string; AttributeType: string }[]).map((a) => a.AttributeName).sort();
    expect(attrs).toEqual([TABLE.partitionKey, TABLE.sortKey, ...TABLE.indexes.flatMap((i) => [i.partitionKey, i.sortKey])].sort());
  });

  it('has a rotating, retained KMS key for Meta tokens', () => {
    s.templates.data.hasResource('AWS::KMS::Key', { Properties: Match.objectLike({ EnableKeyRotation: true }), DeletionPolicy: 'Retain' });
    s.templates.data.hasResourceProperties('AWS::KMS::Alias', { AliasName: 'alias/commentguard-prod-meta-tokens' });
  });

  it('has a Cognito pool whose usernames are user ids (emails live in the table), the shared password policy, no Cognito mail and no public sign-up', () => {
    s.templates.data.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: Match.absent(),
      // Sign-up goes through POST /api/register (AdminCreateUser): the public client id cannot create users.
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
      Policies: { PasswordPolicy: Match.objectLike({ MinimumLength: 8, RequireUppercase: true, RequireLowercase: true, RequireNumbers: true, RequireSymbols: false }) },
      AutoVerifiedAttributes: [],
    });
    s.templates.data.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      ExplicitAuthFlows: Match.arrayEquals(['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']),
    });
  });

  it('has the four third-party secrets, retained', () => {
    const names = resources(s.templates.data, 'AWS::SecretsManager::Secret').map(([, r]) => r.Properties['Name']).sort();
    expect(names).toEqual(['commentguard/prod/meta', 'commentguard/prod/openai', 'commentguard/prod/stripe', 'commentguard/prod/stripe-webhook']);
  });
});

/** Full path of every REST method, from the Resource tree. */
function restMethods(): { method: string; path: string; props: Record<string, any> }[] {
  const t = s.templates.app;
  const res = Object.fromEntries(resources(t, 'AWS::ApiGateway::Resource'));
  const pathOf = (ref: any): string => {
    if (ref && typeof ref === 'object' && 'Fn::GetAtt' in ref) return ''; // the root resource
    const r = res[ref.Ref];
    if (!r) throw new Error(`unknown resource ${JSON.stringify(ref)}`);
    return `${pathOf(r.Properties['ParentId'])}/${r.Properties['PathPart']}`;
  };
  return resources(t, 'AWS::ApiGateway::Method')
    .filter(([, m]) => m.Properties['HttpMethod'] !== 'OPTIONS')
    .map(([, m]) => ({ method: m.Properties['HttpMethod'], path: pathOf(m.Properties['ResourceId']), props: m.Properties }));
}

describe('REST API built from ROUTES', () => {
  const routes = Object.values(ROUTES) as RouteDef[];

  it('has a method for every ROUTES entry and nothing else (the OpenAPI check)', () => {
    const deployed = restMethods().map((m) => `${m.method} ${m.path}`).sort();
    expect(deployed).toEqual(routes.map((r) => `${r.method} ${r.path}`).sort());
  });

  it('puts the cookie authorizer on user routes and none on public ones', () => {
    const authorizerId = logicalId(s.compute.restApi.authorizer);
    const methods = restMethods();
    for (const r of routes) {
      const m = methods.find((x) => x.method === r.method && x.path === r.path)!;
      if (r.auth === 'user') {
        expect(m.props['AuthorizationType'], `${r.method} ${r.path}`).toBe('CUSTOM');
        expect(m.props['AuthorizerId'], `${r.method} ${r.path}`).toEqual({ Ref: authorizerId });
        // Every signed-in call counts against a usage plan (the authorizer names the key).
        expect(m.props['ApiKeyRequired'], `${r.method} ${r.path}`).toBe(true);
      } else {
        expect(m.props['AuthorizationType'], `${r.method} ${r.path}`).toBe('NONE');
        expect(m.props['ApiKeyRequired'], `${r.method} ${r.path}`).not.toBe(true);
        expect(m.props['AuthorizerId']).toBeUndefined();
      }
    }
  });

  it('sends each route to the Lambda of its group with a proxy integration', () => {
    const fnId = { api: logicalId(s.compute.functions.api.fn), webhooks: logicalId(s.compute.functions.webhooks.fn) };
    for (const m of restMethods()) {
      const route = routes.find((r) => r.method === m.method && r.path === m.path)!;
      expect(m.props['Integration'].Type).toBe('AWS_PROXY');
      const uri = JSON.stringify(m.props['Integration'].Uri);
      expect(uri, `${m.method} ${m.path}`).toContain(fnId[route.group]);
      expect(uri).not.toContain(fnId[route.group === 'api' ? 'webhooks' : 'api']);
    }
  });

  it('has a REQUEST authorizer with no identity source (a cookie or an API key) and no result caching', () => {
    s.templates.app.hasResourceProperties('AWS::ApiGateway::Authorizer', {
      Type: 'REQUEST',
      IdentitySource: Match.absent(),
      AuthorizerResultTtlInSeconds: 0,
      AuthorizerUri: Match.anyValue(),
    });
  });

  it('throttles each API key through a usage plan the api adds keys to; sessions share one usage key throttled like the stage', () => {
    s.templates.app.hasResourceProperties('AWS::ApiGateway::RestApi', { ApiKeySourceType: 'AUTHORIZER' });
    s.templates.app.hasResourceProperties('AWS::ApiGateway::UsagePlan', { UsagePlanName: 'commentguard-prod-api-keys', Throttle: { RateLimit: 2, BurstLimit: 20 } });
    s.templates.app.hasResourceProperties('AWS::ApiGateway::UsagePlan', { UsagePlanName: 'commentguard-prod-sessions', Throttle: { RateLimit: s.config.throttle.rateLimit, BurstLimit: s.config.throttle.burstLimit } });
    s.templates.app.hasResourceProperties('AWS::ApiGateway::ApiKey', { Value: 'commentguard-prod-signed-in-sessions' });
    expect(envOf(s.templates.app, s.compute.functions.authorizer)).toMatchObject({ SESSION_USAGE_KEY: 'commentguard-prod-signed-in-sessions' });
    expect(envOf(s.templates.app, s.compute.functions.api)).toMatchObject({ API_KEYS_USAGE_PLAN_NAME: 'commentguard-prod-api-keys' });
    const policy = (fn: keyof Synthesized['compute']['functions']) => rolePolicyJson(s.templates.app, s.compute.functions[fn]);
    expect(policy('api')).toContain('apigateway:DELETE');
    for (const fn of Object.keys(s.compute.functions).filter((f) => f !== 'api') as (keyof Synthesized['compute']['functions'])[]) expect(policy(fn), fn).not.toContain('apigateway:');
  });

  it('throttles and access-logs the stage', () => {
    s.templates.app.hasResourceProperties('AWS::ApiGateway::Stage', {
      StageName: 'prod',
      AccessLogSetting: Match.objectLike({ DestinationArn: Match.anyValue() }),
      MethodSettings: Match.arrayWith([Match.objectLike({ ThrottlingRateLimit: 50, ThrottlingBurstLimit: 100 })]),
    });
  });

  it('answers 401 and 403 from the gateway with a JSON message', () => {
    for (const [type, code] of [['UNAUTHORIZED', '401'], ['ACCESS_DENIED', '403']] as const) {
      s.templates.app.hasResourceProperties('AWS::ApiGateway::GatewayResponse', {
        ResponseType: type,
        StatusCode: code,
        ResponseTemplates: { 'application/json': '{"message":"Unauthorized"}' },
      });
    }
  });
});

describe('WebSocket API', () => {
  it('has $connect (cookie authorizer), $disconnect and $default', () => {
    const routes = resources(s.templates.app, 'AWS::ApiGatewayV2::Route').map(([, r]) => r.Properties);
    expect(routes.map((r) => r['RouteKey']).sort()).toEqual(['$connect', '$default', '$disconnect']);
    expect(routes.find((r) => r['RouteKey'] === '$connect')!['AuthorizationType']).toBe('CUSTOM');
    for (const key of ['$default', '$disconnect']) {
      expect(routes.find((r) => r['RouteKey'] === key)!['AuthorizationType'] ?? 'NONE').toBe('NONE');
    }
    s.templates.app.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'REQUEST',
      IdentitySource: ['route.request.header.Cookie'],
    });
    s.templates.app.hasResourceProperties('AWS::ApiGatewayV2::Stage', { StageName: 'ws', AutoDeploy: true, AccessLogSettings: Match.anyValue() });
  });

  it('lets exactly api, analyser, automation, meta-events and jobs post to connections, with WS_ENDPOINT', () => {
    const f = s.compute.functions;
    for (const [name, fn] of Object.entries(f)) {
      const allowed = ['api', 'analyser', 'automation', 'metaEvents', 'jobs'].includes(name);
      expect(rolePolicyJson(s.templates.app, fn).includes('execute-api:ManageConnections'), name).toBe(allowed);
      expect('WS_ENDPOINT' in envOf(s.templates.app, fn), name).toBe(allowed);
    }
  });
});

describe('queues', () => {
  it('have a DLQ after 5 receives, SSE and TLS-only policies', () => {
    expect(MAX_RECEIVE_COUNT).toBe(5);
    const queues = [s.compute.analysisQueue, s.compute.metaEventsQueue, s.compute.webhookDeliveriesQueue, s.compute.jobsQueue];
    for (const q of queues) {
      s.templates.app.hasResourceProperties('AWS::SQS::Queue', {
        RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [logicalId(q.dlq), 'Arn'] }, maxReceiveCount: 5 },
        SqsManagedSseEnabled: true,
      });
    }
    const tlsOnly = resources(s.templates.app, 'AWS::SQS::QueuePolicy').filter(([, p]) =>
      JSON.stringify(p.Properties['PolicyDocument']).includes('"aws:SecureTransport":"false"'),
    );
    expect(tlsOnly).toHaveLength(2 * queues.length);
  });

  it('alarm as soon as a DLQ holds a message', () => {
    for (const q of [s.compute.analysisQueue, s.compute.metaEventsQueue, s.compute.jobsQueue]) {
      s.templates.app.hasResourceProperties('AWS::CloudWatch::Alarm', {
        MetricName: 'ApproximateNumberOfMessagesVisible',
        Namespace: 'AWS/SQS',
        Threshold: 0,
        ComparisonOperator: 'GreaterThanThreshold',
        Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [logicalId(q.dlq), 'QueueName'] } }],
      });
    }
  });

  it('feed the analyser and meta-events functions in batches with partial batch failures', () => {
    for (const [q, f] of [
      [s.compute.analysisQueue, s.compute.functions.analyser],
      [s.compute.metaEventsQueue, s.compute.functions.metaEvents],
    ] as const) {
      s.templates.app.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
        EventSourceArn: { 'Fn::GetAtt': [logicalId(q.queue), 'Arn'] },
        FunctionName: { Ref: logicalId(f.fn) },
        BatchSize: 10,
        FunctionResponseTypes: ['ReportBatchItemFailures'],
      });
    }
  });

  it('feed the jobs function one job at a time, up to 50 at once, and give it 15 minutes (issue 13)', () => {
    s.templates.app.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: { 'Fn::GetAtt': [logicalId(s.compute.jobsQueue.queue), 'Arn'] },
      FunctionName: { Ref: logicalId(s.compute.functions.jobs.fn) },
      BatchSize: 1,
      ScalingConfig: { MaximumConcurrency: 50 },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    const jobs = resources(s.templates.app, 'AWS::Lambda::Function').find(([id]) => id === logicalId(s.compute.functions.jobs.fn))![1];
    expect(jobs.Properties['Timeout']).toBe(900);
  });

  it('caps the analyser with reserved concurrency', () => {
    const fns = resources(s.templates.app, 'AWS::Lambda::Function');
    const analyser = fns.find(([id]) => id === logicalId(s.compute.functions.analyser.fn))![1];
    expect(analyser.Properties['ReservedConcurrentExecutions']).toBe(10);
  });
});

describe('functions', () => {
  it('all run nodejs22.x on arm64 with tracing, JSON logs and source maps', () => {
    const fns = resources(s.templates.app, 'AWS::Lambda::Function');
    expect(fns).toHaveLength(9);
    for (const [id, f] of fns) {
      expect(f.Properties['Runtime'], id).toBe('nodejs22.x');
      expect(f.Properties['Architectures'], id).toEqual(['arm64']);
      expect(f.Properties['TracingConfig'], id).toEqual({ Mode: 'Active' });
      expect(f.Properties['LoggingConfig'], id).toMatchObject({ LogFormat: 'JSON' });
      expect(f.Properties['Environment'].Variables, id).toMatchObject({ STAGE: 'prod', NODE_OPTIONS: '--enable-source-maps' });
    }
  });

  it('get configuration only through their bindings', () => {
    const f = s.compute.functions;
    const env = (name: keyof typeof f) => Object.keys(envOf(s.templates.app, f[name]));
    expect(env('api')).toEqual(expect.arrayContaining(['TABLE_NAME', 'COGNITO_USER_POOL_ID', 'COGNITO_CLIENT_ID', 'ANALYSIS_QUEUE_URL', 'TOKEN_KEY_ID', 'META_SECRET_ARN', 'STRIPE_SECRET_ARN', 'WS_ENDPOINT', 'MAIL_FROM']));
    expect(env('webhooks')).toEqual(expect.arrayContaining(['TABLE_NAME', 'META_EVENTS_QUEUE_URL', 'META_SECRET_ARN', 'STRIPE_WEBHOOK_SECRET_ARN']));
    // The authorizer reads the session and the membership it names.
    expect(env('authorizer')).toEqual(expect.arrayContaining(['COGNITO_USER_POOL_ID', 'COGNITO_CLIENT_ID', 'TABLE_NAME']));
    // META_EVENTS_QUEUE_URL: comments autopilot, the cross-post memory or AI rules may act on go to the Meta events consumer.
    expect(env('analyser')).toEqual(expect.arrayContaining(['TABLE_NAME', 'OPENAI_SECRET_ARN', 'WS_ENDPOINT', 'META_EVENTS_QUEUE_URL']));
  });
});

describe('least privilege', () => {
  const secretRef = (name: 'meta' | 'stripe' | 'stripeWebhook' | 'openai'): string => logicalId(s.data.secrets[name]);
  const policy = (name: keyof Synthesized['compute']['functions']): string => rolePolicyJson(s.templates.app, s.compute.functions[name]);

  it('gives each secret only to the functions that use it', () => {
    const readers: Record<'meta' | 'stripe' | 'stripeWebhook' | 'openai', string[]> = {
      meta: ['api', 'webhooks', 'automation', 'metaEvents', 'jobs'],
      stripe: ['api', 'webhooks', 'jobs'],
      stripeWebhook: ['webhooks'],
      openai: ['analyser'],
    };
    for (const [secret, allowed] of Object.entries(readers) as [keyof typeof readers, string[]][]) {
      for (const fn of Object.keys(s.compute.functions) as (keyof Synthesized['compute']['functions'])[]) {
        expect(policy(fn).includes(secretRef(secret)), `${fn} reads ${secret}`).toBe(allowed.includes(fn));
      }
    }
  });

  it('keeps the webhooks function away from the OpenAI key and the Stripe API key', () => {
    expect(policy('webhooks')).not.toContain(secretRef('openai'));
    expect(policy('webhooks')).not.toContain(secretRef('stripe') + '"');
  });

  it('grants no Scan to any function (the automation lists its users by key), and only reads to the authorizer', () => {
    for (const fn of Object.keys(s.compute.functions) as (keyof Synthesized['compute']['functions'])[]) {
      expect(policy(fn).includes('dynamodb:Scan'), fn).toBe(false);
    }
    expect(policy('authorizer')).toContain('dynamodb:GetItem');
    expect(policy('authorizer')).not.toMatch(/dynamodb:(Put|Update|Delete|BatchWrite)Item/);
  });

  it('grants no action the code never calls', () => {
    const unused = [
      'dynamodb:DescribeTable', 'dynamodb:ConditionCheckItem', 'kms:GenerateDataKey', 'secretsmanager:DescribeSecret',
      'cognito-idp:AdminGetUser', 'cognito-idp:AdminUserGlobalSignOut', 'cognito-idp:AdminConfirmSignUp',
    ];
    for (const fn of Object.keys(s.compute.functions) as (keyof Synthesized['compute']['functions'])[]) {
      for (const action of unused) expect(policy(fn), `${fn}: ${action}`).not.toContain(`"${action}"`);
    }
    expect(policy('api')).toContain('cognito-idp:AdminCreateUser');
    // Senders send; only the queue consumers' event source mappings read queue attributes.
    for (const fn of ['api', 'webhooks', 'automation'] as const) expect(policy(fn), fn).not.toMatch(/sqs:GetQueue(Attributes|Url)/);
  });

  it('gives the api and webhooks functions the site origin from the Web stack, never from a request header', () => {
    for (const fn of ['api', 'webhooks', 'analyser', 'automation', 'metaEvents'] as const) {
      expect(envOf(s.templates.app, s.compute.functions[fn]), fn).toMatchObject({ APP_URL_PARAMETER: '/commentguard/prod/app-url' });
      expect(policy(fn), fn).toContain(':parameter/commentguard/prod/app-url');
    }
    s.templates.web.hasResourceProperties('AWS::SSM::Parameter', { Name: '/commentguard/prod/app-url', Type: 'String' });
  });

  it('limits Cognito admin calls to the api and token decryption to the functions that call Meta', () => {
    for (const fn of Object.keys(s.compute.functions) as (keyof Synthesized['compute']['functions'])[]) {
      // The jobs function deletes accounts (AdminDeleteUser only).
      expect(policy(fn).includes('cognito-idp:'), fn).toBe(fn === 'api' || fn === 'jobs');
      expect(policy(fn).includes('kms:Decrypt'), fn).toBe(['api', 'webhooks', 'automation', 'metaEvents', 'webhookDeliveries', 'jobs'].includes(fn));
      expect(policy(fn).includes('kms:Encrypt'), fn).toBe(fn === 'api');
      expect(policy(fn), fn).not.toMatch(/"Action":"[a-z0-9-]+:\*"/);
    }
  });
});

describe('exports (issue 13)', () => {
  it('live in a private, encrypted, TLS-only bucket whose objects expire after a day', () => {
    s.templates.app.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
      BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
      // Exports (jobs/) expire after a day; workspace logos (logos/) stay.
      LifecycleConfiguration: { Rules: Match.arrayWith([Match.objectLike({ Prefix: 'jobs/', ExpirationInDays: 1, Status: 'Enabled' })]) },
    });
  });

  it('are written only by the jobs function and read (signed links) only by the api, under jobs/; logos under logos/ are the api\'s to change, both read them', () => {
    const policy = (name: keyof Synthesized['compute']['functions']) => rolePolicyJson(s.templates.app, s.compute.functions[name]);
    for (const fn of Object.keys(s.compute.functions) as (keyof Synthesized['compute']['functions'])[]) {
      expect(policy(fn).includes('s3:PutObject'), fn).toBe(fn === 'jobs' || fn === 'api');
      expect(policy(fn).includes('s3:GetObject'), fn).toBe(fn === 'api' || fn === 'jobs');
    }
    const statements = (fn: 'api' | 'jobs') => (JSON.parse(policy(fn)) as unknown[]).flatMap(function walk(x: any): { Action: unknown; Resource: unknown }[] {
      return Array.isArray(x) ? x.flatMap(walk) : x && typeof x === 'object' ? ('Action' in x && 'Resource' in x ? [x] : Object.values(x).flatMap(walk)) : [];
    }).filter((st) => JSON.stringify(st.Action).includes('s3:'));
    const on = (fn: 'api' | 'jobs', prefix: string) => statements(fn).filter((st) => JSON.stringify(st.Resource).includes(prefix)).flatMap((st) => [st.Action].flat());
    expect(on('api', '/jobs/*')).toEqual(['s3:GetObject']);
    expect(on('jobs', '/jobs/*')).toEqual(['s3:PutObject']);
    expect(on('api', '/logos/*').sort()).toEqual(['s3:DeleteObject', 's3:GetObject', 's3:PutObject']);
    expect(on('jobs', '/logos/*')).toEqual(['s3:GetObject']);
    expect(policy('api')).not.toMatch(/"s3:\*"|s3:ListBucket/);
  });
});

describe('mail', () => {
  it('lets only the functions that mail send it (api, jobs: the weekly report; analyser, automation, meta events: alerts), through SES from its MAIL_FROM identity', () => {
    const api = s.compute.functions.api;
    expect(envOf(s.templates.app, api)['MAIL_FROM']).toBe('Pagewarden <no-reply@commentguard.example>');
    expect(envOf(s.templates.app, s.compute.functions.jobs)['MAIL_FROM']).toBe('Pagewarden <no-reply@commentguard.example>');
    for (const fn of Object.keys(s.compute.functions) as (keyof Synthesized['compute']['functions'])[]) {
      expect(rolePolicyJson(s.templates.app, s.compute.functions[fn]).includes('ses:'), fn).toBe(['api', 'jobs', 'analyser', 'automation', 'metaEvents'].includes(fn));
    }
    const policy = rolePolicyJson(s.templates.app, api);
    expect(policy).toContain(':identity/no-reply@commentguard.example"');
    expect(policy).toContain(':identity/commentguard.example"');
    expect(policy).not.toMatch(/:identity\/\*/);
  });

  it('lets the api set passwords and mark emails verified at Cognito', () => {
    const policy = rolePolicyJson(s.templates.app, s.compute.functions.api);
    expect(policy).toContain('cognito-idp:AdminSetUserPassword');
    expect(policy).toContain('cognito-idp:AdminUpdateUserAttributes');
  });
});

describe('automation schedules', () => {
  it('invoke the automation function every minute (requeue), every 5 minutes (sync), daily and weekly (the report by mail)', () => {
    const schedules = resources(s.templates.app, 'AWS::Scheduler::Schedule').map(([, r]) => r.Properties);
    expect(schedules.map((p) => p['ScheduleExpression']).sort()).toEqual(['rate(1 day)', 'rate(1 minute)', 'rate(5 minutes)', 'rate(7 days)']);
    expect(JSON.parse(schedules.find((p) => p['ScheduleExpression'] === 'rate(7 days)')!['Target'].Input as string)).toEqual({ task: 'weekly' });
    const requeue = schedules.find((p) => p['ScheduleExpression'] === 'rate(1 minute)')!;
    expect(JSON.parse(requeue['Target'].Input as string)).toEqual({ task: 'requeue' });
    for (const p of schedules) {
      expect(p['Target'].Arn).toEqual({ 'Fn::GetAtt': [logicalId(s.compute.functions.automation.fn), 'Arn'] });
      expect(JSON.parse(p['Target'].Input as string)).toHaveProperty('task');
    }
  });
});

describe('web stack', () => {
  const ALL_VIEWER_EXCEPT_HOST = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';
  const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
  const dist = (): Record<string, any> => resources(s.templates.web, 'AWS::CloudFront::Distribution')[0]![1].Properties['DistributionConfig'];

  it('routes /api/*, /webhooks/* and /ws to the APIs, uncached; the APIs get the viewer address and never Host', () => {
    // The REST API's cache policy caches nothing and exists to pass Authorization (API keys) on.
    const [cacheId, cache] = resources(s.templates.web, 'AWS::CloudFront::CachePolicy')[0]!;
    const cacheConfig = cache.Properties['CachePolicyConfig'];
    expect(cacheConfig).toMatchObject({ DefaultTTL: 0, MinTTL: 0, MaxTTL: 1 });
    expect(cacheConfig.ParametersInCacheKeyAndForwardedToOrigin.HeadersConfig).toEqual({ HeaderBehavior: 'whitelist', Headers: ['Authorization'] });
    const behaviors = dist()['CacheBehaviors'] as any[];
    expect(behaviors.map((b) => b.PathPattern).sort()).toEqual(['/api/*', '/webhooks/*', '/ws']);
    const [policyId, policy] = resources(s.templates.web, 'AWS::CloudFront::OriginRequestPolicy')[0]!;
    const headers = policy.Properties['OriginRequestPolicyConfig'].HeadersConfig;
    expect(headers.HeaderBehavior).toBe('whitelist');
    expect(headers.Headers).toEqual(expect.arrayContaining(['CloudFront-Viewer-Address', 'Content-Type', 'Origin', 'Stripe-Signature', 'X-Hub-Signature-256']));
    expect(headers.Headers).not.toContain('Host');
    for (const b of behaviors) {
      expect(b.CachePolicyId, b.PathPattern).toEqual(b.PathPattern === '/ws' ? CACHING_DISABLED : { Ref: cacheId });
      expect(b.OriginRequestPolicyId, b.PathPattern).toEqual(b.PathPattern === '/ws' ? ALL_VIEWER_EXCEPT_HOST : { Ref: policyId });
      expect(b.ViewerProtocolPolicy, b.PathPattern).toBe('https-only');
      expect(b.AllowedMethods, b.PathPattern).toHaveLength(7);
    }
    const origins = dist()['Origins'] as any[];
    const byId = (id: string) => origins.find((o) => o.Id === id);
    const api = byId(behaviors.find((b) => b.PathPattern === '/api/*').TargetOriginId);
    expect(api.OriginPath).toBe('/prod');
    const ws = byId(behaviors.find((b) => b.PathPattern === '/ws').TargetOriginId);
    expect(ws.CustomOriginConfig.OriginProtocolPolicy).toBe('https-only');
  });

  it('serves the SPA from a private bucket through OAC with a rewrite function instead of error pages', () => {
    const d = dist();
    expect(d['CustomErrorResponses']).toBeUndefined();
    expect(d['DefaultCacheBehavior'].ViewerProtocolPolicy).toBe('redirect-to-https');
    expect(d['DefaultCacheBehavior'].FunctionAssociations).toHaveLength(1);
    expect(d['DefaultCacheBehavior'].ResponseHeadersPolicyId).toBeDefined();
    expect(d['Origins'].some((o: any) => o.OriginAccessControlId)).toBe(true);
    s.templates.web.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    s.templates.web.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
      LoggingConfiguration: Match.objectLike({ LogFilePrefix: 's3/site/' }),
    });
    s.templates.web.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: { SecurityHeadersConfig: Match.objectLike({ StrictTransportSecurity: Match.objectLike({ AccessControlMaxAgeSec: 31536000 }) }) },
    });
  });

  it('rewrites client-side routes to /index.html and leaves assets alone', () => {
    const fns = resources(s.templates.web, 'AWS::CloudFront::Function').map(([, f]) => f.Properties);
    const spa = fns.find((f) => String(f['FunctionCode']).includes('/index.html'))!;
    const run = new Function(`${spa['FunctionCode']}; return handler;`)() as (e: unknown) => { uri: string };
    const uriFor = (uri: string) => run({ request: { uri, headers: {} } }).uri;
    expect(uriFor('/dashboard')).toBe('/index.html');
    expect(uriFor('/settings/')).toBe('/index.html');
    expect(uriFor('/')).toBe('/index.html');
    expect(uriFor('/assets/index-abc.js')).toBe('/assets/index-abc.js');
    expect(uriFor('/favicon.ico')).toBe('/favicon.ico');
  });

  it('outputs the site URL', () => {
    s.templates.web.hasOutput('SiteUrl', { Value: Match.anyValue() });
  });
});

describe('template size', () => {
  it('stays far below the 500-resource CloudFormation limit (one invoke permission per API function)', () => {
    // The App stack holds about 305 (with the monitoring's topic, key, alarms and dashboard): room to grow below 500.
    for (const t of Object.values(s.templates)) expect(Object.keys(t.toJSON()['Resources'] as object).length).toBeLessThan(350);
    expect(Object.keys(s.templates.app.findResources('AWS::Lambda::Permission')).length).toBeLessThan(12);
  });
});
