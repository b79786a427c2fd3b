/**
 * The one Lambda construct every handler uses, with the project's defaults (design D1):
 * nodejs22.x on ARM64, ESM bundles built by the local esbuild (no Docker), minified with source
 * maps, X-Ray tracing, JSON logs in a LogGroup with a fixed retention. Environment variables are
 * added only by the `bind*` helpers below, each of which also grants the least privilege the
 * binding needs, so "which function can touch what" reads straight off the stack code.
 */
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type CfnElement, Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as kms from 'aws-cdk-lib/aws-kms';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as nodejs from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { METRICS_NAMESPACE, serviceName } from '../../shared/src/observability.js';
import { TABLE } from '../../shared/src/table.js';
import { BUNDLING, ESM_BANNER, externalModules, HANDLER, type HandlerName, JSON_LOADER, SHIPPED_NODE_MODULES } from './packaging.js';

/** Repository root (this file is infra/lib/function.ts). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const HANDLERS_DIR = path.join(REPO_ROOT, 'functions/src/handlers');

export type { HandlerName } from './packaging.js';

export interface CgFunctionProps {
  /** Entry file name under functions/src/handlers. */
  readonly handler: HandlerName;
  readonly description: string;
  readonly stage: string;
  readonly memorySize?: number;
  readonly timeout?: Duration;
  readonly reservedConcurrentExecutions?: number;
  readonly logRetention?: logs.RetentionDays;
  /** Powertools log level (POWERTOOLS_LOG_LEVEL): INFO unless the stage's configuration says otherwise. */
  readonly logLevel?: string;
  /**
   * When true the bundle is not built: a one-line stub asset stands in for the handler. Only for
   * tests that look at the template and not at the code (context `stubBundling`).
   */
  readonly stubBundling?: boolean;
}

/** Lambda function with CommentGuard's defaults. */
export class CgFunction extends Construct {
  readonly fn: lambda.Function;
  readonly logGroup: logs.LogGroup;
  /** The entry file under functions/src/handlers. */
  readonly handler: HandlerName;

  constructor(scope: Construct, id: string, props: CgFunctionProps) {
    super(scope, id);
    this.handler = props.handler;
    const entry = path.join(HANDLERS_DIR, `${props.handler}.ts`);
    this.logGroup = new logs.LogGroup(this, 'Logs', {
      retention: props.logRetention ?? logs.RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    // Own role, so the function gets write access to its own log group only instead of the AWS
    // managed AWSLambdaBasicExecutionRole (logs on every log group of the account).
    const role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `CommentGuard ${props.stage} ${props.handler} function`,
    });
    role.addToPolicy(
      new iam.PolicyStatement({
        actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
        resources: [this.logGroup.logGroupArn],
      }),
    );
    const common = {
      role,
      description: props.description,
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(29),
      tracing: lambda.Tracing.ACTIVE,
      logGroup: this.logGroup,
      loggingFormat: lambda.LoggingFormat.JSON,
      reservedConcurrentExecutions: props.reservedConcurrentExecutions,
      environment: {
        STAGE: props.stage,
        NODE_OPTIONS: '--enable-source-maps',
        AWS_NODEJS_CONNECTION_REUSE_ENABLED: '1',
        // Powertools (functions/src/observability): the service name on every log line and metric, the level, the EMF namespace.
        POWERTOOLS_SERVICE_NAME: serviceName(props.stage, props.handler),
        POWERTOOLS_LOG_LEVEL: props.logLevel ?? 'INFO',
        POWERTOOLS_METRICS_NAMESPACE: METRICS_NAMESPACE,
      },
    } satisfies Partial<lambda.FunctionProps>;

    if (props.stubBundling) {
      this.fn = new lambda.Function(this, 'Fn', {
        ...common,
        handler: HANDLER,
        code: lambda.Code.fromAsset(path.join(path.dirname(fileURLToPath(import.meta.url)), 'stub-handler')),
      });
    } else {
      if (!existsSync(entry)) throw new Error(`Lambda entry not found: ${entry}`);
      this.fn = new nodejs.NodejsFunction(this, 'Fn', {
        ...common,
        entry,
        handler: 'handler',
        projectRoot: REPO_ROOT,
        depsLockFilePath: path.join(REPO_ROOT, 'package-lock.json'),
        bundling: {
          forceDockerBundling: false,
          format: nodejs.OutputFormat.ESM,
          target: BUNDLING.target,
          minify: BUNDLING.minify,
          sourceMap: true,
          sourcesContent: false,
          mainFields: [...BUNDLING.mainFields],
          // The runtime ships the AWS SDK v3; leaving it out keeps bundles small.
          externalModules: externalModules(props.handler),
          nodeModules: SHIPPED_NODE_MODULES[props.handler],
          loader: { ...JSON_LOADER },
          banner: ESM_BANNER,
          tsconfig: path.join(REPO_ROOT, 'tsconfig.json'),
        },
      });
    }
  }

  /** Set one environment variable (plain configuration, no grant). */
  env(name: string, value: string): this {
    this.fn.addEnvironment(name, value);
    return this;
  }
}

export type Access = 'read' | 'write';

/** The item calls the store makes (no Scan, no DescribeTable, no ConditionCheck: none is used). */
export const TABLE_READ_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
] as const;
export const TABLE_WRITE_ACTIONS = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
] as const;

/** TABLE_NAME plus item access to the table and its named indexes (no index wildcard, never Scan: design D4). */
export function bindTable(f: CgFunction, table: dynamodb.ITable, access: Access): void {
  f.env('TABLE_NAME', table.tableName);
  const actions: string[] = [...TABLE_READ_ACTIONS, ...(access === 'write' ? TABLE_WRITE_ACTIONS : [])];
  f.fn.addToRolePolicy(
    new iam.PolicyStatement({
      actions,
      resources: [table.tableArn, ...TABLE.indexes.map((i) => `${table.tableArn}/index/${i.name}`)],
    }),
  );
}

/** `<NAME>_QUEUE_URL` and sqs:SendMessage only (SendMessageBatch needs no more; consumers get theirs from the event source). */
export function bindQueue(f: CgFunction, envName: string, queue: sqs.IQueue): void {
  f.env(envName, queue.queueUrl);
  f.fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['sqs:SendMessage'], resources: [queue.queueArn] }));
}

/**
 * EXPORTS_BUCKET and object access under `jobs/` only: `write` puts files (the jobs function), `read`
 * gets them (the api function, whose role signs the presigned download links).
 */
export function bindBucket(f: CgFunction, bucket: s3.IBucket, access: 'read' | 'write', logos: 'read' | 'write'): void {
  f.env('EXPORTS_BUCKET', bucket.bucketName);
  f.fn.addToRolePolicy(new iam.PolicyStatement({ actions: [access === 'read' ? 's3:GetObject' : 's3:PutObject'], resources: [bucket.arnForObjects('jobs/*')] }));
  // Workspace logos (logos/<workspace>): the api replaces and removes them, both read them into report files.
  f.fn.addToRolePolicy(new iam.PolicyStatement({ actions: logos === 'read' ? ['s3:GetObject'] : ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'], resources: [bucket.arnForObjects('logos/*')] }));
  Validations.of(f).acknowledge({
    id: `AwsSolutions-IAM5[Resource::<${logicalIdOf(bucket)}.Arn>/jobs/*]`,
    reason: 'Export files are named by job at run time (jobs/<workspace>/<job>/<file>); the grant is one action on that prefix of the one exports bucket.',
  });
  Validations.of(f).acknowledge({
    id: `AwsSolutions-IAM5[Resource::<${logicalIdOf(bucket)}.Arn>/logos/*]`,
    reason: 'A workspace logo is named by workspace at run time (logos/<workspace>); the grant is on that prefix of the one exports bucket.',
  });
}

/** `<NAME>_SECRET_ARN` and GetSecretValue on that one secret (no DescribeSecret: nothing calls it). */
export function bindSecret(f: CgFunction, envName: string, secret: secretsmanager.ISecret): void {
  f.env(envName, secret.secretArn);
  f.fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [secret.secretArn] }));
}

/** SSM parameter holding the site's origin (https://<CloudFront domain>), written by the Web stack. */
export function appUrlParameterName(stage: string): string {
  return `/commentguard/${stage}/app-url`;
}

/**
 * APP_URL for a function: the custom domain when one is configured, else APP_URL_PARAMETER (read at
 * cold start) naming the parameter the Web stack writes with the CloudFront domain, since the App
 * stack cannot refer to the distribution (it is built from the App stack's APIs). Either way the
 * origin comes from the stack, never from a request header.
 */
export function bindAppUrl(f: CgFunction, stage: string, domainName: string | undefined): void {
  if (domainName) { f.env('APP_URL', `https://${domainName}`); return; }
  const name = appUrlParameterName(stage);
  f.env('APP_URL_PARAMETER', name);
  f.fn.addToRolePolicy(new iam.PolicyStatement({
    actions: ['ssm:GetParameter'],
    resources: [Stack.of(f).formatArn({ service: 'ssm', resource: 'parameter', resourceName: name.slice(1) })],
  }));
}

/** TOKEN_KEY_ID and Encrypt/Decrypt (or Decrypt only) with the Meta token key. */
export function bindTokenKey(f: CgFunction, key: kms.IKey, access: 'decrypt' | 'encrypt-decrypt'): void {
  f.env('TOKEN_KEY_ID', key.keyArn);
  // Named actions only (no kms:ReEncrypt* / GenerateDataKey* wildcards): direct Encrypt/Decrypt of
  // tokens (< 4 KB), all that functions/src/platform/tokens.ts calls.
  if (access === 'decrypt') key.grant(f.fn, 'kms:Decrypt');
  else key.grant(f.fn, 'kms:Encrypt', 'kms:Decrypt');
}

/** COGNITO_USER_POOL_ID / COGNITO_CLIENT_ID; `adminActions` are the cognito-idp Admin* calls allowed. */
export function bindUserPool(
  f: CgFunction,
  pool: cognito.IUserPool,
  client: cognito.IUserPoolClient,
  adminActions: readonly string[] = [],
): void {
  f.env('COGNITO_USER_POOL_ID', pool.userPoolId);
  f.env('COGNITO_CLIENT_ID', client.userPoolClientId);
  if (adminActions.length > 0) pool.grant(f.fn, ...adminActions.map((a) => `cognito-idp:${a}`));
}

/**
 * MAIL_FROM and ses:SendEmail from that sender only: its address identity or its domain's, whichever
 * is verified in SES (no wildcard).
 */
export function bindMail(f: CgFunction, mailFrom: string): void {
  f.env('MAIL_FROM', mailFrom);
  const address = (/<([^>]+)>$/.exec(mailFrom)?.[1] ?? mailFrom).toLowerCase();
  const identity = (name: string) => Stack.of(f).formatArn({ service: 'ses', resource: 'identity', resourceName: name });
  f.fn.addToRolePolicy(new iam.PolicyStatement({
    actions: ['ses:SendEmail'],
    resources: [identity(address), identity(address.split('@')[1]!)],
  }));
}

/** WS_ENDPOINT (the management API's https URL) and execute-api:ManageConnections on that stage. */
export function bindWebSocket(f: CgFunction, endpoint: string, manageConnectionsArn: string): void {
  f.env('WS_ENDPOINT', endpoint);
  f.fn.addToRolePolicy(
    new iam.PolicyStatement({ actions: ['execute-api:ManageConnections'], resources: [manageConnectionsArn] }),
  );
}

/** Region-qualified ARN helper kept here so stacks stay env-agnostic. */
export function executeApiArn(scope: Construct, apiId: string, resource: string): string {
  return Stack.of(scope).formatArn({ service: 'execute-api', resource: apiId, resourceName: resource });
}

/** The `<LogicalId>` a cdk-nag finding uses for a resource's Ref / GetAtt inside its own stack. */
export function logicalIdOf(resource: Construct): string {
  const child = resource.node.defaultChild as CfnElement | undefined;
  if (!child) throw new Error(`${resource.node.path} has no default CloudFormation resource`);
  return Stack.of(resource).getLogicalId(child);
}
