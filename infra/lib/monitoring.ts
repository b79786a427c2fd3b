/**
 * Monitoring (issue 13 item 7): the stage's CloudWatch dashboard and its alarms, which notify the
 * stage's SNS topic (`pagewarden-<stage>-alarms`, encrypted with its own key, TLS-only):
 * - every dead-letter queue not empty (the alarms WorkQueue creates);
 * - the REST API answering 5xx to more than 1 % of requests for 10 minutes;
 * - analysis lag: the p95 of AnalysisLagMs (queued → decided, emitted by the analyser) over 2 minutes;
 * - Graph throttling: Meta answered a rate-limit code (GraphThrottled, emitted by the Graph client).
 * The metrics come from the functions as EMF in the namespace and with the service names declared in
 * shared/src/observability.ts.
 */
import { Duration } from 'aws-cdk-lib';
import type * as apigw from 'aws-cdk-lib/aws-apigateway';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as sns from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import { METRIC, METRICS_NAMESPACE, serviceName, type MetricName } from '../../shared/src/observability.js';
import type { CgFunction } from './function.js';
import type { WorkQueue } from './queues.js';

/** Analysis lag alarm: the p95 over 5 minutes above this. */
export const ANALYSIS_LAG_ALARM_MS = 2 * 60_000;
/** API 5xx alarm: this share of requests (5XXError's average), two 5-minute periods running. */
export const API_5XX_RATE_ALARM = 0.01;

export interface MonitoringProps {
  readonly stage: string;
  readonly functions: Record<string, CgFunction>;
  /** Work queues by a readable name (their DLQ alarms notify the topic). */
  readonly queues: Record<string, WorkQueue>;
  readonly restApi: apigw.RestApi;
}

export class Monitoring extends Construct {
  readonly topic: sns.Topic;
  readonly dashboard: cloudwatch.Dashboard;
  readonly alarms: { dlq: cloudwatch.Alarm[]; api5xx: cloudwatch.Alarm; analysisLag: cloudwatch.Alarm; graphThrottling: cloudwatch.Alarm };

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    const { stage } = props;
    const fns = Object.values(props.functions);
    // CloudWatch cannot publish to a topic under the AWS-managed SNS key: a key of its own, which CloudWatch may use.
    const key = new kms.Key(this, 'AlarmsKey', { enableKeyRotation: true, description: `Pagewarden ${stage}: encrypts the alarms topic` });
    key.grant(new iam.ServicePrincipal('cloudwatch.amazonaws.com'), 'kms:Decrypt', 'kms:GenerateDataKey');
    this.topic = new sns.Topic(this, 'Alarms', { topicName: `pagewarden-${stage}-alarms`, displayName: `Pagewarden ${stage} alarms`, masterKey: key, enforceSSL: true });
    const notify = new actions.SnsAction(this.topic);

    /** One function's metric (the `service` dimension Powertools adds). */
    const metric = (name: MetricName, fn: CgFunction, statistic: string, period = Duration.minutes(5), dimensions: Record<string, string> = {}) => new cloudwatch.Metric({
      namespace: METRICS_NAMESPACE, metricName: name, statistic, period, dimensionsMap: { service: serviceName(stage, fn.handler), ...dimensions },
    });
    /** The sum of a metric over every function (each emits it under its own service name). */
    const total = (name: MetricName, label: string, period = Duration.minutes(5)) => new cloudwatch.MathExpression({
      expression: fns.map((_, i) => `FILL(${name.toLowerCase()}${i}, 0)`).join(' + '),
      usingMetrics: Object.fromEntries(fns.map((f, i) => [`${name.toLowerCase()}${i}`, metric(name, f, 'Sum', period)])),
      label, period,
    });
    const analyser = props.functions.analyser!;

    const dlq = Object.values(props.queues).map((q) => { q.dlqAlarm.addAlarmAction(notify); return q.dlqAlarm; });
    const api5xx = new cloudwatch.Alarm(this, 'Api5xxAlarm', {
      alarmDescription: `The REST API answered 5xx to more than ${API_5XX_RATE_ALARM * 100} % of requests for 10 minutes (API Gateway 5XXError).`,
      metric: props.restApi.metricServerError({ statistic: 'Average', period: Duration.minutes(5) }),
      threshold: API_5XX_RATE_ALARM,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 2,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    const analysisLag = new cloudwatch.Alarm(this, 'AnalysisLagAlarm', {
      alarmDescription: `Comments wait over ${ANALYSIS_LAG_ALARM_MS / 60_000} minutes from queued to decided (p95 of ${METRIC.analysisLagMs} over 5 minutes).`,
      metric: metric('AnalysisLagMs', analyser, 'p95'),
      threshold: ANALYSIS_LAG_ALARM_MS,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    const graphThrottling = new cloudwatch.Alarm(this, 'GraphThrottlingAlarm', {
      alarmDescription: `Meta's Graph API answered with rate-limit codes (${METRIC.graphThrottled}): syncs and actions are being deferred.`,
      metric: total('GraphThrottled', 'Graph throttled answers'),
      threshold: 0,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    for (const a of [api5xx, analysisLag, graphThrottling]) a.addAlarmAction(notify);
    this.alarms = { dlq, api5xx, analysisLag, graphThrottling };

    const decisions = new cloudwatch.MathExpression({
      expression: `SEARCH('{${METRICS_NAMESPACE},service,type} MetricName="${METRIC.decisions}" service="${serviceName(stage, analyser.handler)}"', 'Sum', 300)`,
      label: 'Decisions', period: Duration.minutes(5),
    });
    const lambdaErrors = fns.map((f) => f.fn.metricErrors({ period: Duration.minutes(5), label: f.handler }));
    this.dashboard = new cloudwatch.Dashboard(this, 'Dashboard', {
      dashboardName: `pagewarden-${stage}`,
      widgets: [
        [new cloudwatch.AlarmStatusWidget({ title: 'Alarms', alarms: [api5xx, analysisLag, graphThrottling, ...dlq], width: 24, height: 3 })],
        [
          new cloudwatch.GraphWidget({ title: 'Comments', left: [total('CommentsReceived', 'received'), total('CommentsAnalysed', 'analysed')], width: 8 }),
          new cloudwatch.GraphWidget({ title: 'Decisions by type', left: [decisions], width: 8 }),
          new cloudwatch.GraphWidget({
            title: 'Analysis lag (ms, queued → decided)',
            left: ['p50', 'p95', 'Maximum'].map((s) => metric('AnalysisLagMs', analyser, s).with({ label: s })),
            leftAnnotations: [{ value: ANALYSIS_LAG_ALARM_MS, label: 'alarm' }], width: 8,
          }),
        ],
        [
          new cloudwatch.GraphWidget({ title: 'Actions on Meta', left: [total('PlatformActions', 'actions'), total('PlatformActionFailures', 'failed')], right: [total('GraphThrottled', 'Graph throttled')], width: 8 }),
          new cloudwatch.GraphWidget({ title: 'Job duration (ms)', left: ['p50', 'p95', 'Maximum'].map((s) => metric('JobDurationMs', props.functions.jobs!, s).with({ label: s })), width: 8 }),
          new cloudwatch.GraphWidget({
            title: 'REST API', left: [props.restApi.metricCount({ period: Duration.minutes(5) })],
            right: [props.restApi.metricServerError({ statistic: 'Average', period: Duration.minutes(5), label: '5xx rate' }), props.restApi.metricClientError({ statistic: 'Average', period: Duration.minutes(5), label: '4xx rate' })], width: 8,
          }),
        ],
        [
          new cloudwatch.GraphWidget({ title: 'Messages waiting in dead-letter queues', left: Object.entries(props.queues).map(([name, q]) => q.dlq.metricApproximateNumberOfMessagesVisible({ label: name, statistic: 'Maximum', period: Duration.minutes(1) })), width: 12 }),
          new cloudwatch.GraphWidget({ title: 'Function errors', left: lambdaErrors, width: 12 }),
        ],
      ],
    });
  }
}
