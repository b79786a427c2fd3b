/**
 * Automation: EventBridge Scheduler schedules that invoke the automation function.
 * - every minute: `{"task":"requeue"}` re-queue comments stuck in `processing` (design D5) and
 *   failed analyses (bounded attempts), so either is back in the queue within 2 minutes;
 * - every 5 minutes: `{"task":"frequent"}` the Meta reconciliation sync that catches what webhooks missed (issue 3 item 4);
 * - daily: `{"task":"daily"}` the scheduled sync + process per user and daily housekeeping.
 */
import { Duration, Stack, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import * as targets from 'aws-cdk-lib/aws-scheduler-targets';
import { Construct } from 'constructs';
import { logicalIdOf } from './function.js';

import { SCHEDULES as SHARED_SCHEDULES } from '@cg/shared/schedules';

export const SCHEDULES = Object.fromEntries(Object.entries(SHARED_SCHEDULES).map(([k, v]) => [k, { rate: Duration.minutes(v.everyMinutes), input: v.input }])) as {
  [K in keyof typeof SHARED_SCHEDULES]: { rate: Duration; input: (typeof SHARED_SCHEDULES)[K]['input'] };
};

export class Automation extends Construct {
  readonly schedules: scheduler.Schedule[] = [];

  constructor(scope: Construct, id: string, props: { stage: string; handler: lambda.IFunction }) {
    super(scope, id);
    const group = new scheduler.ScheduleGroup(this, 'Group', { scheduleGroupName: `commentguard-${props.stage}` });
    // The scheduler's role: CDK's LambdaInvoke grants lambda:InvokeFunction on the function and
    // its versions/aliases (<arn>:*), nothing else.
    const role = new iam.Role(this, 'InvokeRole', {
      assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com', {
        conditions: {
          StringEquals: { 'aws:SourceAccount': Stack.of(this).account },
          ArnLike: { 'aws:SourceArn': group.scheduleGroupArn },
        },
      }),
      description: `CommentGuard ${props.stage}: EventBridge Scheduler invokes the automation function`,
    });
    Validations.of(role).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${logicalIdOf(props.handler)}.Arn>:*]`,
      reason:
        'EventBridge Scheduler may invoke only the automation function; the ":*" suffix covers that one function\'s versions and aliases, as CDK\'s LambdaInvoke target grants it.',
    });
    for (const [name, def] of Object.entries(SCHEDULES)) {
      this.schedules.push(
        new scheduler.Schedule(this, name, {
          scheduleGroup: group,
          description: `CommentGuard ${props.stage}: automation task "${def.input.task}"`,
          schedule: scheduler.ScheduleExpression.rate(def.rate),
          target: new targets.LambdaInvoke(props.handler, {
            input: scheduler.ScheduleTargetInput.fromObject(def.input),
            role,
            retryAttempts: 2,
            // A run late by more than its period is superseded by the next one.
            maxEventAge: Duration.minutes(Math.min(60, def.rate.toMinutes())),
          }),
        }),
      );
    }
  }
}
