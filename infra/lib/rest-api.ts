/**
 * The REST API (design D2, D3), built by iterating the shared ROUTES table: every route becomes a
 * resource path + method with a Lambda proxy integration to the function of its group; `user`
 * routes go through the shared Lambda REQUEST authorizer (identity source: the Cookie header,
 * no result caching because the authorizer may refresh tokens), `public` routes have none.
 */
import { Duration, Validations } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigateway';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { ROUTES, type RouteDef, type RouteGroup } from '../../shared/src/routes.js';

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

  constructor(scope: Construct, id: string, props: RestApiProps) {
    super(scope, id);
    const accessLogs = new logs.LogGroup(this, 'AccessLogs', { retention: props.logRetention });

    this.api = new apigw.RestApi(this, 'Api', {
      restApiName: `commentguard-${props.stage}`,
      description: 'CommentGuard REST API (/api/*, /webhooks/*), reached through CloudFront.',
      endpointTypes: [apigw.EndpointType.REGIONAL],
      cloudWatchRole: true,
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
      identitySources: [apigw.IdentitySource.header('Cookie')],
      resultsCacheTtl: Duration.seconds(0),
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
          ? { authorizer: this.authorizer, authorizationType: apigw.AuthorizationType.CUSTOM }
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

/** A stable operation name from the route's method and path, e.g. POST_api_comments_id_process. */
function operationName(route: RouteDef): string {
  return `${route.method}_${route.path.replace(/[{}]/g, '').split('/').filter(Boolean).join('_')}`;
}
