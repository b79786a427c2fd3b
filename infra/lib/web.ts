/**
 * Web: the one origin of design D2. A private S3 bucket (served through Origin Access Control)
 * holds the SPA from web/dist; CloudFront serves it and routes `/api/*` and `/webhooks/*` to the
 * REST API and `/ws` to the WebSocket API, so cookies are first-party and there is no CORS.
 *
 * SPA fallback: a CloudFront Function on the default behaviour only rewrites extensionless paths
 * (client-side routes such as /dashboard) to /index.html. A distribution-wide custom error
 * response is deliberately not used: it would also turn the API's JSON 404/403 into index.html.
 */
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import type * as apigw from 'aws-cdk-lib/aws-apigateway';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { API_CACHE_KEY_HEADERS, API_VIEWER_HEADERS } from './edge.js';
import { logicalIdOf, REPO_ROOT } from './function.js';

export const WEB_DIST = path.join(REPO_ROOT, 'web/dist');

export interface WebProps {
  readonly stage: string;
  readonly restApi: apigw.RestApiBase;
  /** The REST API's stage name (a literal, used as the origin path). */
  readonly restApiStageName: string;
  /** Host name of the WebSocket API (<id>.execute-api.<region>.amazonaws.com). */
  readonly webSocketDomain: string;
  /** Viewer path of the WebSocket endpoint; also the WebSocket stage name. */
  readonly webSocketPath: string;
  /** Optional custom domain; needs an ACM certificate in us-east-1. */
  readonly domainName?: string;
  readonly certificateArn?: string;
  /** Deploy web/dist when it exists (default true). */
  readonly deployAssets?: boolean;
}

/** Rewrites client-side routes (no file extension) to /index.html; assets pass through. */
const SPA_REWRITE = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var last = uri.substring(uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}`;

/**
 * API Gateway needs its own Host header, so the viewer's host is passed on as X-Forwarded-Host:
 * the handlers build absolute URLs (OAuth redirect_uri, Stripe return URL) from it.
 */
const FORWARD_HOST = `function handler(event) {
  var request = event.request;
  if (request.headers.host) {
    request.headers['x-forwarded-host'] = { value: request.headers.host.value };
  }
  return request;
}`;

/** Headers /api/* and /webhooks/* pass on (cookies and query strings go whole): at most 10 per policy. */
export { API_VIEWER_HEADERS };

export class Web extends Construct {
  readonly bucket: s3.Bucket;
  readonly logBucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;
  readonly deployed: boolean;

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);
    this.logBucket = new s3.Bucket(this, 'Logs', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // CloudFront standard logging writes with ACLs.
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(90) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.logBucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This is the access-log bucket itself; logging its own accesses would log into itself without end.',
    });

    this.bucket = new s3.Bucket(this, 'Site', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: false,
      serverAccessLogsBucket: this.logBucket,
      serverAccessLogsPrefix: 's3/site/',
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const headers = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'CommentGuard security headers',
      securityHeadersBehavior: {
        strictTransportSecurity: { accessControlMaxAge: Duration.days(365), includeSubdomains: true, preload: false, override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
        xssProtection: { protection: true, modeBlock: true, override: true },
        contentSecurityPolicy: {
          override: false,
          contentSecurityPolicy: [
            "default-src 'self'",
            "script-src 'self' https://js.stripe.com",
            "frame-src https://js.stripe.com https://hooks.stripe.com",
            "connect-src 'self' https://api.stripe.com",
            "img-src 'self' data: https:",
            "style-src 'self' 'unsafe-inline'",
            "font-src 'self' data:",
            "object-src 'none'",
            "base-uri 'self'",
            "frame-ancestors 'none'",
            "form-action 'self'",
          ].join('; '),
        },
      },
    });

    // Literal origin path: the REST stage, so /api/user reaches <api>/<stage>/api/user.
    const apiOrigin = new origins.RestApiOrigin(props.restApi, { originPath: `/${props.restApiStageName}` });
    const forwardHost = new cloudfront.Function(this, 'ForwardHost', {
      comment: 'Pass the viewer Host to the API as X-Forwarded-Host',
      code: cloudfront.FunctionCode.fromInline(FORWARD_HOST),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
    });
    // The viewer's own address (CloudFront-Viewer-Address, "ip:port") keys the per-IP sign-in limits: API
    // Gateway would otherwise see the edge's. A CloudFront header must be named, so the viewer headers the
    // functions read are named too (never Host: API Gateway routes by it).
    const apiRequests = new cloudfront.OriginRequestPolicy(this, 'ApiRequests', {
      comment: 'API: the viewer address, the headers the functions read, all cookies and query strings',
      headerBehavior: cloudfront.OriginRequestHeaderBehavior.allowList(...API_VIEWER_HEADERS),
      cookieBehavior: cloudfront.OriginRequestCookieBehavior.all(),
      queryStringBehavior: cloudfront.OriginRequestQueryStringBehavior.all(),
    });
    // The public API's bearer keys: Authorization reaches the origin only through a cache policy, which
    // must allow some caching to name a header; every API answer is Cache-Control: no-store.
    const apiCache = new cloudfront.CachePolicy(this, 'ApiCache', {
      comment: 'API: nothing cached; passes the Authorization header (API keys) on',
      defaultTtl: Duration.seconds(0), minTtl: Duration.seconds(0), maxTtl: Duration.seconds(1),
      headerBehavior: cloudfront.CacheHeaderBehavior.allowList(...API_CACHE_KEY_HEADERS),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.none(),
    });
    const apiBehavior: cloudfront.BehaviorOptions = {
      origin: apiOrigin,
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
      cachePolicy: apiCache,
      originRequestPolicy: apiRequests,
      responseHeadersPolicy: headers,
      compress: true,
      functionAssociations: [{ eventType: cloudfront.FunctionEventType.VIEWER_REQUEST, function: forwardHost }],
    };
    const wsBehavior: cloudfront.BehaviorOptions = {
      // The WebSocket stage is named like the viewer path, so /ws reaches the stage as is.
      origin: new origins.HttpOrigin(props.webSocketDomain, {
        protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
        originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
      }),
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
      cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
      originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      // $connect compares the Origin with the viewer's Host (when APP_URL is unset).
      functionAssociations: [{ eventType: cloudfront.FunctionEventType.VIEWER_REQUEST, function: forwardHost }],
    };

    const certificate = props.certificateArn
      ? acm.Certificate.fromCertificateArn(this, 'Certificate', props.certificateArn)
      : undefined;

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: `CommentGuard ${props.stage}`,
      defaultRootObject: 'index.html',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      // TLS 1.2+ for viewers; only settable with a custom certificate (the default one is fixed).
      ...(certificate && props.domainName
        ? { certificate, domainNames: [props.domainName], minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021 }
        : {}),
      enableLogging: true,
      logBucket: this.logBucket,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD_OPTIONS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: headers,
        compress: true,
        functionAssociations: [
          {
            eventType: cloudfront.FunctionEventType.VIEWER_REQUEST,
            function: new cloudfront.Function(this, 'SpaRewrite', {
              comment: 'Serve index.html for client-side routes',
              code: cloudfront.FunctionCode.fromInline(SPA_REWRITE),
              runtime: cloudfront.FunctionRuntime.JS_2_0,
            }),
          },
        ],
      },
      additionalBehaviors: {
        '/api/*': apiBehavior,
        '/webhooks/*': apiBehavior,
        [props.webSocketPath]: wsBehavior,
      },
    });

    const dist = Validations.of(this.distribution);
    dist.acknowledge({
      id: 'AwsSolutions-CFR1',
      reason: 'CommentGuard serves businesses in any country, so no geographic restriction applies.',
    });
    dist.acknowledge({
      id: 'AwsSolutions-CFR2',
      reason:
        'No WAF web ACL yet: a CloudFront web ACL must live in us-east-1 and costs per rule; the APIs are throttled at the stage and login/register are rate-limited in the api. Attach one with webAclId when traffic justifies it.',
    });
    if (!certificate) {
      dist.acknowledge({
        id: 'AwsSolutions-CFR4',
        reason:
          'Without a custom domain the distribution uses the default *.cloudfront.net certificate, whose security policy CloudFront fixes; with the domainName/certificateArn context the distribution enforces TLSv1.2_2021.',
      });
    }

    this.deployed = (props.deployAssets ?? true) && existsSync(path.join(WEB_DIST, 'index.html'));
    if (this.deployed) {
      new s3deploy.BucketDeployment(this, 'Deploy', {
        sources: [s3deploy.Source.asset(WEB_DIST)],
        destinationBucket: this.bucket,
        distribution: this.distribution,
        distributionPaths: ['/*'],
        prune: true,
        memoryLimit: 512,
      });
      // The copy is done by a singleton Lambda that aws-cdk-lib adds at the stack's top level.
      const stack = Stack.of(this);
      const handler = stack.node.children.find((c) => c.node.id.startsWith('Custom::CDKBucketDeployment'));
      if (handler) {
        const ack = Validations.of(handler);
        const managed = 'It is the BucketDeployment helper Lambda, created and maintained by aws-cdk-lib, and runs only during deployments.';
        ack.acknowledge({ id: 'AwsSolutions-L1', reason: `${managed} Its Python runtime is chosen by aws-cdk-lib.` });
        ack.acknowledge({
          id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
          reason: `${managed} The managed policy only lets it write its own CloudWatch logs.`,
        });
        for (const finding of [
          'Resource::*',
          'Action::s3:GetObject*',
          'Action::s3:GetBucket*',
          'Action::s3:List*',
          'Action::s3:DeleteObject*',
          'Action::s3:Abort*',
          'Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-<AWS::Region>/*',
          `Resource::<${logicalIdOf(this.bucket)}.Arn>/*`,
        ]) {
          ack.acknowledge({
            id: `AwsSolutions-IAM5[${finding}]`,
            reason: `${managed} It reads the asset from the CDK bootstrap bucket, replaces every object of the site bucket and invalidates the distribution, which needs these object-level wildcards.`,
          });
        }
      }
    }
  }

  get url(): string {
    return `https://${this.distribution.distributionDomainName}`;
  }
}
