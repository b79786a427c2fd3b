/**
 * The REST API (design D2, D3), built by iterating the shared ROUTES table: every route becomes a
 * resource path + method with a Lambda proxy integration to the function of its group; `user`
 * routes go through the shared Lambda REQUEST authorizer (no identity source: a session cookie or
 * an API key's `Authorization: Bearer` header, which the authorizer tells apart; no result caching
 * because the authorizer may refresh tokens), `public` routes have none.
 *
 * Usage plans (issue 11, item 9): `user` routes require an API Gateway API key taken from the
 * authorizer's usageIdentifierKey: each workspace API key is registered (by the api function) in the
 * ApiKeys plan, throttled per key; signed-in sessions share one key in the Sessions plan, throttled
 * like the stage.
 */
import { Duration, Stack, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as apigw from 'aws-cdk-lib/aws-apigateway';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { CgFunction } from './function.js';
import { ROUTES, type RouteDef, type RouteGroup } from '../../shared/src/routes.js';
import { API_KEY_RATE_LIMIT } from '../../shared/src/public-api.js';

export interface RestApiProps {
  readonly stage: string;
  readonly handlers: Record<RouteGroup, lambda.IFunction>;
  readonly authorizer: lambda.IFunction;
  readonly throttle: { rateLimit: number; burstLimit: number };
  readonly logRetention: logs.RetentionDays;
}

const JSON_HEADERS = { 'Content-Type': "'application/json'", 'Cache-Control': "'no-store'" };

export class RestApi extends Construct {
  readonly api: apigw.RestApi;
  readonly authorizer: apigw.RequestAuthorizer;
  /** The usage plan every workspace API key is added to (found by API_KEYS_USAGE_PLAN_NAME by the api function). */
  readonly apiKeysPlan: apigw.UsagePlan;
  readonly apiKeysPlanName: string;
  /** The usage identifier the authorizer gives signed-in sessions (SESSION_USAGE_KEY): names a plan, grants nothing. */
  readonly sessionUsageKey: string;

  constructor(scope: Construct, id: string, props: RestApiProps) {
    super(scope, id);
    const accessLogs = new logs.LogGroup(this, 'AccessLogs', { retention: props.logRetention });

    this.api = new apigw.RestApi(this, 'Api', {
      restApiName: `commentguard-${props.stage}`,
      description: 'CommentGuard REST API (/api/*, /webhooks/*), reached through CloudFront.',
      endpointTypes: [apigw.EndpointType.REGIONAL],
      cloudWatchRole: true,
      apiKeySourceType: apigw.ApiKeySourceType.AUTHORIZER,
      // Report files (GET /api/reports/export) leave the Lambda base64-encoded; the app asks for them with this Accept.
      binaryMediaTypes: ['application/pdf', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      deployOptions: {
        stageName: props.stage,
        throttlingRateLimit: props.throttle.rateLimit,
        throttlingBurstLimit: props.throttle.burstLimit,
        loggingLevel: apigw.MethodLoggingLevel.ERROR,
        dataTraceEnabled: false,
        metricsEnabled: true,
        tracingEnabled: true,
        accessLogDestination: new apigw.LogGroupLogDestination(accessLogs),
        accessLogFormat: apigw.AccessLogFormat.jsonWithStandardFields({
          caller: false,
          httpMethod: true,
          ip: true,
          protocol: true,
          requestTime: true,
          resourcePath: true,
          responseLength: true,
          status: true,
          user: false,
        }),
      },
    });

    this.authorizer = new apigw.RequestAuthorizer(this, 'CookieAuthorizer', {
      authorizerName: 'cookie-session',
      handler: props.authorizer,
      // No identity source: a request may carry a cookie or an API key; with one named, API Gateway
      // would answer 401 itself whenever that header is missing.
      identitySources: [],
      resultsCacheTtl: Duration.seconds(0),
    });
    (this.authorizer.node.defaultChild as apigw.CfnAuthorizer).addPropertyDeletionOverride('IdentitySource');

    const stage = this.api.deploymentStage;
    this.sessionUsageKey = `commentguard-${props.stage}-signed-in-sessions`;
    const sessionsPlan = this.api.addUsagePlan('SessionsPlan', {
      name: `commentguard-${props.stage}-sessions`,
      description: 'Signed-in sessions (one shared usage identifier): throttled like the stage',
      throttle: { rateLimit: props.throttle.rateLimit, burstLimit: props.throttle.burstLimit },
      apiStages: [{ api: this.api, stage }],
    });
    sessionsPlan.addApiKey(new apigw.ApiKey(this, 'SessionsKey', { apiKeyName: `commentguard-${props.stage}-sessions`, value: this.sessionUsageKey, description: 'Usage identifier of signed-in sessions (not a credential)' }));
    this.apiKeysPlanName = `commentguard-${props.stage}-api-keys`;
    this.apiKeysPlan = this.api.addUsagePlan('ApiKeysPlan', {
      name: this.apiKeysPlanName,
      description: 'Workspace API keys, each throttled on its own (the api function adds each key)',
      throttle: { rateLimit: API_KEY_RATE_LIMIT.perMinute / 60, burstLimit: API_KEY_RATE_LIMIT.burstLimit },
      apiStages: [{ api: this.api, stage }],
    });

    // One invoke permission per function for this API (not one per method plus one per test-invoke, which
    // would add two Lambda::Permission resources for each of the ~30 routes).
    const integration = (fn: lambda.IFunction): apigw.LambdaIntegration =>
      new apigw.LambdaIntegration(fn, { proxy: true, scopePermissionToMethod: false });
    const integrations: Record<RouteGroup, apigw.LambdaIntegration> = {
      api: integration(props.handlers.api),
      webhooks: integration(props.handlers.webhooks),
    };

    for (const route of Object.values(ROUTES) as RouteDef[]) {
      const resource = this.api.root.resourceForPath(route.path);
      const method = resource.addMethod(route.method, integrations[route.group], {
        operationName: operationName(route),
        ...(route.auth === 'user'
          ? { authorizer: this.authorizer, authorizationType: apigw.AuthorizationType.CUSTOM, apiKeyRequired: true }
          : { authorizationType: apigw.AuthorizationType.NONE }),
      });
      if (route.auth === 'public') {
        Validations.of(method).acknowledge(
          {
            id: 'AwsSolutions-APIG4',
            reason: `${route.method} ${route.path} is public by design (sign-in, sign-up, redirects or a signed third-party webhook verified by the handler).`,
          },
          {
            id: 'AwsSolutions-COG4',
            reason: `${route.method} ${route.path} is public by design, so it has no Cognito or Lambda authorizer.`,
          },
        );
      } else {
        Validations.of(method).acknowledge({
          id: 'AwsSolutions-COG4',
          reason:
            'Sessions live in HttpOnly cookies (design D2), which a Cognito user pool authorizer cannot read; the Lambda REQUEST authorizer verifies the Cognito token from the cookie with aws-jwt-verify instead.',
        });
      }
    }

    // Errors from the gateway itself answer in the same JSON shape as the handlers (spec section 8).
    const unauthorized = { statusCode: '401', responseHeaders: JSON_HEADERS, templates: { 'application/json': '{"message":"Unauthorized"}' } };
    this.api.addGatewayResponse('Unauthorized', { type: apigw.ResponseType.UNAUTHORIZED, ...unauthorized });
    this.api.addGatewayResponse('AccessDenied', {
      type: apigw.ResponseType.ACCESS_DENIED,
      statusCode: '403',
      responseHeaders: JSON_HEADERS,
      templates: { 'application/json': '{"message":"Unauthorized"}' },
    });
    // An unknown path or method is "Missing Authentication Token" (403) by default: make it a 404.
    this.api.addGatewayResponse('NotFound', {
      type: apigw.ResponseType.MISSING_AUTHENTICATION_TOKEN,
      statusCode: '404',
      responseHeaders: JSON_HEADERS,
      templates: { 'application/json': '{"message":"Not Found"}' },
    });
    this.api.addGatewayResponse('Throttled', {
      type: apigw.ResponseType.THROTTLED,
      statusCode: '429',
      responseHeaders: JSON_HEADERS,
      templates: { 'application/json': '{"message":"Too many requests, please try again later"}' },
    });

    const api = Validations.of(this.api);
    api.acknowledge({
      id: 'AwsSolutions-APIG2',
      reason:
        'Requests are validated in the handlers with the shared zod schemas (design D3), which return 400 naming each bad field as the spec requires; a gateway validator would answer in a different format.',
    });
    api.acknowledge({
      id: 'AwsSolutions-APIG3',
      reason:
        'The API is only meant to be reached through CloudFront; stage throttling and per-IP/per-email rate limits in the api guard it. A WAF web ACL can be attached to the distribution when traffic justifies its cost.',
    });
    api.acknowledge({
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs]',
      reason:
        'The API Gateway account role uses the AWS managed AmazonAPIGatewayPushToCloudWatchLogs policy, which is the documented minimal policy for execution and access logging.',
    });
  }
}

/**
 * The api function registers workspace API keys in the ApiKeys usage plan, found by its name
 * (API_KEYS_USAGE_PLAN_NAME: its id would make a cycle, the plan depending on the stage and so on the
 * function): create, find and delete API Gateway API keys, list the plans, add keys to a plan.
 */
export function bindApiKeysPlan(f: CgFunction, rest: RestApi): void {
  f.env('API_KEYS_USAGE_PLAN_NAME', rest.apiKeysPlanName);
  const arn = (path: string) => `arn:${Stack.of(rest).partition}:apigateway:${Stack.of(rest).region}::${path}`;
  f.fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['apigateway:POST', 'apigateway:GET'], resources: [arn('/apikeys')] }));
  f.fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['apigateway:DELETE'], resources: [arn('/apikeys/*')] }));
  f.fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['apigateway:GET'], resources: [arn('/usageplans')] }));
  f.fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['apigateway:POST'], resources: [arn('/usageplans/*/keys')] }));
  Validations.of(f).acknowledge(
    { id: 'AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:apigateway:<AWS::Region>::/apikeys/*]', reason: 'API Gateway API keys get their ids when created at run time (one per workspace API key): deleting a revoked one needs the /apikeys/* path.' },
    { id: 'AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:apigateway:<AWS::Region>::/usageplans/*/keys]', reason: "The plan's id cannot be named in the api function's policy (the plan depends on the stage, which depends on the function): adding keys to plans is the only action on that path." },
  );
}

/** A stable operation name from the route's method and path, e.g. POST_api_comments_id_process. */
function operationName(route: RouteDef): string {
  return `${route.method}_${route.path.replace(/[{}]/g, '').split('/').filter(Boolean).join('_')}`;
}
