/**
 * Realtime (design D9): the WebSocket API. `$connect` is authorized by the same authorizer
 * Lambda as the REST API, reading the session cookie; `$connect`, `$disconnect` and `$default`
 * all go to the ws function, which stores connections per user.
 *
 * The stage is named after the path the browser uses (`/ws` by default), so CloudFront forwards
 * `wss://<site>/ws` to `wss://<api>/ws` with no rewriting.
 */
import * as apigw from 'aws-cdk-lib/aws-apigateway';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Fn, Stack, Validations } from 'aws-cdk-lib';
import { Construct } from 'constructs';
import { logicalIdOf } from './function.js';

export interface RealtimeProps {
  readonly stageName: string;
  readonly handler: lambda.IFunction;
  readonly authorizer: lambda.IFunction;
  readonly throttle: { rateLimit: number; burstLimit: number };
  readonly logRetention: logs.RetentionDays;
}

export class Realtime extends Construct {
  readonly api: apigwv2.WebSocketApi;
  readonly stage: apigwv2.WebSocketStage;
  /** https URL of the management (callback) API: WS_ENDPOINT. */
  readonly managementEndpoint: string;
  /** ARN pattern for execute-api:ManageConnections on this stage. */
  readonly manageConnectionsArn: string;
  readonly manageConnectionsFindingId: string;
  /** Host name of the API, for the CloudFront origin. */
  readonly domainName: string;

  constructor(scope: Construct, id: string, props: RealtimeProps) {
    super(scope, id);
    const integration = (name: string): WebSocketLambdaIntegration => new WebSocketLambdaIntegration(name, props.handler);
    this.api = new apigwv2.WebSocketApi(this, 'Api', {
      description: 'CommentGuard live updates (design D9), reached through CloudFront at /ws.',
      connectRouteOptions: {
        integration: integration('ConnectIntegration'),
        authorizer: new WebSocketLambdaAuthorizer('CookieAuthorizer', props.authorizer, {
          identitySource: ['route.request.header.Cookie'],
        }),
      },
      disconnectRouteOptions: { integration: integration('DisconnectIntegration') },
      defaultRouteOptions: { integration: integration('DefaultIntegration') },
    });
    const accessLogs = new logs.LogGroup(this, 'AccessLogs', { retention: props.logRetention });
    this.stage = new apigwv2.WebSocketStage(this, 'Stage', {
      webSocketApi: this.api,
      stageName: props.stageName,
      autoDeploy: true,
      throttle: props.throttle,
      accessLogSettings: {
        destination: new apigwv2.LogGroupLogDestination(accessLogs),
        format: apigw.AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            requestTime: '$context.requestTime',
            routeKey: '$context.routeKey',
            eventType: '$context.eventType',
            status: '$context.status',
            connectionId: '$context.connectionId',
            error: '$context.error.message',
            authorizerError: '$context.authorizer.error',
          }),
        ),
      },
    });
    this.managementEndpoint = this.stage.callbackUrl;
    this.manageConnectionsArn = Stack.of(this).formatArn({
      service: 'execute-api',
      resource: this.api.apiId,
      resourceName: `${props.stageName}/*/@connections/*`,
    });
    // apiEndpoint is wss://<id>.execute-api.<region>.amazonaws.com
    this.domainName = Fn.select(1, Fn.split('wss://', this.api.apiEndpoint));

    /** The exact finding id cdk-nag reports for grants on manageConnectionsArn. */
    this.manageConnectionsFindingId = `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:execute-api:<AWS::Region>:<AWS::AccountId>:<${logicalIdOf(this.api)}>/${props.stageName}/*/@connections/*]`;

    Validations.of(this.api).acknowledge({
      id: 'AwsSolutions-APIG4',
      reason:
        'Only $connect needs authorization on a WebSocket API: it runs the cookie authorizer, and $disconnect and $default can only be reached over a connection that $connect accepted.',
    });
  }
}
