/**
 * Queues (design D5): a work queue with its dead-letter queue (maxReceiveCount 5), both
 * encrypted (SSE-SQS) and TLS-only, a consumer function attached with partial batch failures,
 * and an alarm as soon as anything lands in the DLQ.
 */
import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sources from 'aws-cdk-lib/aws-lambda-event-sources';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

export const MAX_RECEIVE_COUNT = 5;

export interface WorkQueueProps {
  /** What the queue carries, for descriptions and alarm text. */
  readonly purpose: string;
  /** Timeout of the consumer: the visibility timeout is six times it plus the batching window (AWS guidance). */
  readonly consumerTimeout: Duration;
  /** How long the event source gathers messages before invoking the consumer (up to its batch size); none by default. */
  readonly batchingWindow?: Duration;
}

export class WorkQueue extends Construct {
  readonly queue: sqs.Queue;
  readonly dlq: sqs.Queue;
  readonly dlqAlarm: cloudwatch.Alarm;
  private readonly batchingWindow?: Duration;

  constructor(scope: Construct, id: string, props: WorkQueueProps) {
    super(scope, id);
    this.batchingWindow = props.batchingWindow && props.batchingWindow.toSeconds() > 0 ? props.batchingWindow : undefined;
    this.dlq = new sqs.Queue(this, 'Dlq', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    this.queue = new sqs.Queue(this, 'Queue', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout: Duration.seconds(props.consumerTimeout.toSeconds() * 6 + (this.batchingWindow?.toSeconds() ?? 0)),
      retentionPeriod: Duration.days(4),
      deadLetterQueue: { queue: this.dlq, maxReceiveCount: MAX_RECEIVE_COUNT },
    });
    this.dlqAlarm = new cloudwatch.Alarm(this, 'DlqAlarm', {
      alarmDescription: `${props.purpose}: messages failed ${MAX_RECEIVE_COUNT} times and are waiting in the dead-letter queue.`,
      metric: this.dlq.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(1), statistic: 'Maximum' }),
      threshold: 0,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
  }

  /**
   * Attach the consumer: partial batch failures; batches of `batchSize` gathered for up to the queue's
   * batching window when it has one (the OpenAI analyser: a trickle forms full requests), else
   * delivered at once (the embedded analyser: a comment waiting for companions would spend the whole
   * latency budget, webhook → decision).
   */
  consumeWith(fn: lambda.IFunction, maxConcurrency?: number, batchSize = 10): void {
    fn.addEventSource(
      new sources.SqsEventSource(this.queue, {
        batchSize,
        reportBatchItemFailures: true,
        maxConcurrency,
        maxBatchingWindow: this.batchingWindow,
      }),
    );
  }
}
