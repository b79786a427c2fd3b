/**
 * Observability in the App stack (issue 13 item 7): every function's Powertools settings, X-Ray,
 * and the alarms (each DLQ, API 5xx rate, analysis lag, Graph throttling) notifying the stage's
 * SNS topic, on the metrics the functions emit (namespace and service names from shared/src/observability.ts).
 */
import { App } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { METRICS_NAMESPACE, serviceName } from '../../../shared/src/observability.js';
import { readConfig } from '../../lib/config.js';
import { ANALYSIS_LAG_ALARM_MS, API_5XX_RATE_ALARM } from '../../lib/monitoring.js';
import { envOf, logicalId, rolePolicyJson, synthApp, type Synthesized } from './helpers.js';

let s: Synthesized;
beforeAll(() => {
  s = synthApp({ stubBundling: true, stage: 'staging' });
}, 120_000);

type Res = { Type: string; Properties: Record<string, any> };
const alarms = () => Object.entries(s.templates.app.findResources('AWS::CloudWatch::Alarm') as Record<string, Res>);
const topicId = () => logicalId(s.compute.monitoring.topic);
const notifiesTopic = (a: Res) => JSON.stringify(a.Properties['AlarmActions']) === JSON.stringify([{ Ref: topicId() }]);

describe('functions', () => {
  it('each carries its Powertools service name (stage and handler), log level and metrics namespace', () => {
    for (const f of Object.values(s.compute.functions)) {
      expect(envOf(s.templates.app, f), f.handler).toMatchObject({
        POWERTOOLS_SERVICE_NAME: serviceName('staging', f.handler),
        POWERTOOLS_LOG_LEVEL: 'INFO',
        POWERTOOLS_METRICS_NAMESPACE: METRICS_NAMESPACE,
      });
    }
  });

  it('take their log level from the logLevel context (INFO by default); another value is refused', () => {
    const cfg = (context: Record<string, unknown>) => readConfig(new App({ context }).node);
    expect(cfg({}).logLevel).toBe('INFO');
    expect(cfg({ logLevel: 'debug' }).logLevel).toBe('DEBUG');
    expect(() => cfg({ logLevel: 'LOUD' })).toThrow(/logLevel/);
  });

  it('trace with X-Ray (tracing Active, the two X-Ray actions on the role) and grant no CloudWatch metrics API (EMF goes through the logs)', () => {
    for (const f of Object.values(s.compute.functions)) {
      const policy = rolePolicyJson(s.templates.app, f);
      expect(policy, f.handler).toContain('xray:PutTraceSegments');
      expect(policy, f.handler).toContain('xray:PutTelemetryRecords');
      expect(policy, f.handler).not.toContain('cloudwatch:PutMetricData');
    }
    const traced = Object.values(s.templates.app.findResources('AWS::Lambda::Function') as Record<string, Res>).map((f) => f.Properties['TracingConfig']);
    expect(traced.every((t) => t?.Mode === 'Active')).toBe(true);
  });
});

describe('alarms', () => {
  it('go to one SNS topic of the stage, encrypted with a rotated key CloudWatch may use, TLS only', () => {
    s.templates.app.hasResourceProperties('AWS::SNS::Topic', { TopicName: 'pagewarden-staging-alarms', KmsMasterKeyId: Match.anyValue() });
    s.templates.app.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: Match.objectLike({ Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]) }),
    });
    s.templates.app.hasResourceProperties('AWS::KMS::Key', {
      EnableKeyRotation: true,
      KeyPolicy: Match.objectLike({ Statement: Match.arrayWith([Match.objectLike({ Principal: { Service: 'cloudwatch.amazonaws.com' }, Action: ['kms:Decrypt', 'kms:GenerateDataKey'] })]) }),
    });
    for (const [id, a] of alarms()) expect(notifiesTopic(a), id).toBe(true);
  });

  it('watch every dead-letter queue (anything waiting)', () => {
    const dlqs = [s.compute.analysisQueue, s.compute.metaEventsQueue, s.compute.jobsQueue, s.compute.webhookDeliveriesQueue].map((q) => logicalId(q.dlq));
    const watched = alarms().filter(([, a]) => a.Properties['MetricName'] === 'ApproximateNumberOfMessagesVisible').map(([, a]) => {
      expect(a.Properties).toMatchObject({ Threshold: 0, ComparisonOperator: 'GreaterThanThreshold' });
      return a.Properties['Dimensions'][0].Value['Fn::GetAtt'][0];
    });
    expect(watched.sort()).toEqual(dlqs.sort());
  });

  it('watch the REST API 5xx rate', () => {
    const [, a] = alarms().find(([, r]) => r.Properties['MetricName'] === '5XXError')!;
    expect(a.Properties).toMatchObject({ Namespace: 'AWS/ApiGateway', Statistic: 'Average', Threshold: API_5XX_RATE_ALARM, ComparisonOperator: 'GreaterThanThreshold', EvaluationPeriods: 2 });
  });

  it("watch analysis lag over 2 minutes on the analyser's AnalysisLagMs", () => {
    const [, a] = alarms().find(([, r]) => r.Properties['MetricName'] === 'AnalysisLagMs')!;
    expect(ANALYSIS_LAG_ALARM_MS).toBe(120_000);
    expect(a.Properties).toMatchObject({
      Namespace: METRICS_NAMESPACE, ExtendedStatistic: 'p95', Threshold: 120_000, ComparisonOperator: 'GreaterThanThreshold',
      Dimensions: [{ Name: 'service', Value: serviceName('staging', 'analyser') }],
    });
  });

  it('watch Graph throttling: GraphThrottled summed over every function', () => {
    const [, a] = alarms().find(([, r]) => JSON.stringify(r.Properties['Metrics'] ?? []).includes('GraphThrottled'))!;
    const metrics = (a.Properties['Metrics'] as { MetricStat?: { Metric: { MetricName: string; Namespace: string; Dimensions: { Value: string }[] }; Stat: string } }[]).filter((m) => m.MetricStat);
    expect(metrics.map((m) => m.MetricStat!.Metric.Dimensions[0]!.Value).sort()).toEqual(Object.values(s.compute.functions).map((f) => serviceName('staging', f.handler)).sort());
    for (const m of metrics) expect(m.MetricStat).toMatchObject({ Metric: { MetricName: 'GraphThrottled', Namespace: METRICS_NAMESPACE }, Stat: 'Sum' });
    expect(a.Properties).toMatchObject({ Threshold: 0, ComparisonOperator: 'GreaterThanThreshold' });
  });
});

describe('dashboard', () => {
  it("is the stage's, showing the emitted metrics", () => {
    const [d] = Object.values(s.templates.app.findResources('AWS::CloudWatch::Dashboard') as Record<string, Res>);
    expect(d!.Properties['DashboardName']).toBe('pagewarden-staging');
    const body = JSON.stringify(d!.Properties['DashboardBody']);
    for (const name of ['CommentsReceived', 'CommentsAnalysed', 'Decisions', 'PlatformActions', 'PlatformActionFailures', 'AnalysisLagMs', 'JobDurationMs', 'GraphThrottled']) expect(body).toContain(name);
  });
});
