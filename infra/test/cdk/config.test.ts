/** Context settings: another stage, a custom domain, no web deployment; the WebSocket path is shared, not a setting. */
import { App } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../lib/config.js';
import { envOf, synthApp, type Synthesized } from './helpers.js';

const CERT = 'arn:aws:acm:us-east-1:123456789012:certificate/11111111-2222-3333-4444-555555555555';
let s: Synthesized;
beforeAll(() => {
  s = synthApp({ stubBundling: true, stage: 'dev', domainName: 'app.example.com', certificateArn: CERT, deployWeb: 'false', apiThrottleRateLimit: '5' });
}, 120_000);

describe('context', () => {
  it('puts the stage in stack names, resource names and STAGE', () => {
    expect(s.compute.stackName).toBe('CommentGuard-dev-App');
    s.templates.data.hasResourceProperties('AWS::Cognito::UserPool', { UserPoolName: 'commentguard-dev', DeletionProtection: 'INACTIVE' });
    s.templates.data.hasResourceProperties('AWS::SecretsManager::Secret', { Name: 'commentguard/dev/openai' });
    s.templates.app.hasResourceProperties('AWS::ApiGateway::Stage', {
      StageName: 'dev',
      MethodSettings: Match.arrayWith([Match.objectLike({ ThrottlingRateLimit: 5 })]),
    });
    expect(envOf(s.templates.app, s.compute.functions.api)).toMatchObject({ STAGE: 'dev', APP_URL: 'https://app.example.com' });
    expect(envOf(s.templates.app, s.compute.functions.api)).not.toHaveProperty('APP_URL_PARAMETER');
  });

  it('names the WebSocket stage and the CloudFront path after the shared WS_PATH (/ws), and refuses another', () => {
    s.templates.app.hasResourceProperties('AWS::ApiGatewayV2::Stage', { StageName: 'ws' });
    s.templates.web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({ CacheBehaviors: Match.arrayWith([Match.objectLike({ PathPattern: '/ws' })]) }),
    });
    expect(() => readConfig(new App({ context: { wsStageName: 'live' } }).node)).toThrow(/WebSocket path is \/ws/);
  });

  it('serves a custom domain with TLS 1.2 or later', () => {
    s.templates.web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Aliases: ['app.example.com'],
        ViewerCertificate: { AcmCertificateArn: CERT, MinimumProtocolVersion: 'TLSv1.2_2021', SslSupportMethod: 'sni-only' },
      }),
    });
    s.templates.web.hasOutput('SiteUrl', { Value: 'https://app.example.com' });
  });

  it('skips the web deployment when asked (or when web/dist does not exist)', () => {
    expect(s.web.web.deployed).toBe(false);
    s.templates.web.resourceCountIs('Custom::CDKBucketDeployment', 0);
  });

  it('rejects bad settings with a clear message', () => {
    const cfg = (context: Record<string, unknown>) => () => readConfig(new App({ context }).node);
    expect(cfg({ stage: 'Prod!' })).toThrow(/context stage/);
    expect(cfg({ logRetentionDays: 11 })).toThrow(/logRetentionDays/);
    expect(cfg({ apiThrottleRateLimit: 'fast' })).toThrow(/apiThrottleRateLimit/);
    expect(readConfig(new App().node)).toMatchObject({ stage: 'prod', wsStageName: 'ws', analyserReservedConcurrency: 10 });
  });
});
