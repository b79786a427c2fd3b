/**
 * Automation: EventBridge Scheduler schedules that invoke the automation function.
 * - every minute: `{"task":"requeue"}` re-queue comments stuck in `processing` (design D5) and
 *   failed analyses (bounded attempts), so either is back in the queue within 2 minutes;
 * - every 5 minutes: `{"task":"frequent"}` the Meta reconciliation sync that catches what webhooks missed (issue 3 item 4);
 * - daily: `{"task":"daily"}` the scheduled sync + process per user and daily housekeeping.
 * Brands' own schedules (issue 11 item 6) live in a second group, `commentguard-<stage>-brands`: the
 * api function creates, updates and deletes them there (cron in the brand's zone,
 * functions/src/scheduler/eventbridge.ts); each invokes the automation function through its own role
 * with `{"task":"brand", workspaceId, brandId}`.
 */
import { Duration, Stack, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import * as targets from 'aws-cdk-lib/aws-scheduler-targets';
import { Construct } from 'constructs';
import { logicalIdOf, type CgFunction } from './function.js';

import { SCHEDULES as SHARED_SCHEDULES } from '@cg/shared/schedules';

export const SCHEDULES = Object.fromEntries(Object.entries(SHARED_SCHEDULES).map(([k, v]) => [k, { rate: Duration.minutes(v.everyMinutes), input: v.input }])) as {
  [K in keyof typeof SHARED_SCHEDULES]: { rate: Duration; input: (typeof SHARED_SCHEDULES)[K]['input'] };
};

export class Automation extends Construct {
  readonly schedules: scheduler.Schedule[] = [];
  /** Where the brands' schedules are created at run time, and the role they invoke the automation function with. */
  readonly brandGroup: scheduler.ScheduleGroup;
  readonly brandRole: iam.Role;
  readonly handler: lambda.IFunction;

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
    this.handler = props.handler;
    this.brandGroup = new scheduler.ScheduleGroup(this, 'BrandGroup', { scheduleGroupName: brandScheduleGroupName(props.stage) });
    this.brandRole = new iam.Role(this, 'BrandInvokeRole', {
      assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com', {
        conditions: {
          StringEquals: { 'aws:SourceAccount': Stack.of(this).account },
          ArnLike: { 'aws:SourceArn': this.brandGroup.scheduleGroupArn },
        },
      }),
      description: `CommentGuard ${props.stage}: brands' schedules (EventBridge Scheduler) invoke the automation function`,
    });
    this.brandRole.addToPolicy(new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [props.handler.functionArn] }));
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

export const brandScheduleGroupName = (stage: string) => `commentguard-${stage}-brands`;

/**
 * The function that saves brands' schedules (the api): BRAND_SCHEDULE_GROUP, _ROLE_ARN and _TARGET_ARN,
 * the Scheduler actions it calls on schedules of the brand group only, and iam:PassRole on the brands'
 * role, to EventBridge Scheduler only.
 */
export function bindBrandSchedules(f: CgFunction, automation: Automation): void {
  const stack = Stack.of(automation);
  const group = automation.brandGroup.scheduleGroupName;
  f.env('BRAND_SCHEDULE_GROUP', group);
  f.env('BRAND_SCHEDULE_ROLE_ARN', automation.brandRole.roleArn);
  f.env('BRAND_SCHEDULE_TARGET_ARN', automation.handler.functionArn);
  f.fn.addToRolePolicy(new iam.PolicyStatement({
    actions: ['scheduler:CreateSchedule', 'scheduler:UpdateSchedule', 'scheduler:DeleteSchedule', 'scheduler:GetSchedule'],
    resources: [stack.formatArn({ service: 'scheduler', resource: 'schedule', resourceName: `${group}/*` })],
  }));
  f.fn.addToRolePolicy(new iam.PolicyStatement({
    actions: ['iam:PassRole'], resources: [automation.brandRole.roleArn],
    conditions: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
  }));
  Validations.of(f).acknowledge({
    id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:scheduler:<AWS::Region>:<AWS::AccountId>:schedule/${group}/*]`,
    reason: "Brands' schedules are named at run time (one per brand and minute of its times); the grant is the four schedule actions on that one group.",
  });
}

/** The automation function removes schedules left behind by deleted workspaces: BRAND_SCHEDULE_GROUP and DeleteSchedule on that group only. */
export function bindBrandScheduleCleanup(f: CgFunction, automation: Automation): void {
  const stack = Stack.of(automation);
  const group = automation.brandGroup.scheduleGroupName;
  f.env('BRAND_SCHEDULE_GROUP', group);
  f.fn.addToRolePolicy(new iam.PolicyStatement({
    actions: ['scheduler:DeleteSchedule'],
    resources: [stack.formatArn({ service: 'scheduler', resource: 'schedule', resourceName: `${group}/*` })],
  }));
  Validations.of(f).acknowledge({
    id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:scheduler:<AWS::Region>:<AWS::AccountId>:schedule/${group}/*]`,
    reason: "A brand's schedule left behind by a deleted workspace is removed by its next run; the names are made at run time, the grant is DeleteSchedule on that one group.",
  });
}
