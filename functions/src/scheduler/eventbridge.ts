/**
 * The scheduler port on EventBridge Scheduler (in AWS; locally the same calls reach the local
 * scheduler, infra/local/scheduler.ts, through AWS_ENDPOINT_URL_SCHEDULER). Each cron is one
 * schedule `<name>-<i>` in the stage's brand-schedule group (BRAND_SCHEDULE_GROUP), read in its
 * time zone, invoking the automation function (BRAND_SCHEDULE_TARGET_ARN) with the brand's input
 * through the scheduler's role (BRAND_SCHEDULE_ROLE_ARN). Saving is idempotent: an existing
 * schedule is updated, a missing one created, and those beyond the crons (fewer times than before)
 * deleted; a schedule already gone is no error.
 */
import {
  ConflictException, CreateScheduleCommand, DeleteScheduleCommand, ResourceNotFoundException, SchedulerClient, UpdateScheduleCommand,
  type CreateScheduleCommandInput,
} from '@aws-sdk/client-scheduler';
import { MAX_SCHEDULE_TIMES } from '@cg/shared';
import type { ScheduleSpec, SchedulerPort } from '../domain/scheduler-port.js';

export interface EventBridgeSchedulerConfig { group: string; roleArn: string; targetArn: string }

/** The api has all three; the automation function, which only removes schedules left behind, the group. */
function configFromEnv(): EventBridgeSchedulerConfig {
  const group = process.env.BRAND_SCHEDULE_GROUP;
  if (!group) throw new Error('Brand schedules need BRAND_SCHEDULE_GROUP (set by the CDK stack)');
  return { group, roleArn: process.env.BRAND_SCHEDULE_ROLE_ARN ?? '', targetArn: process.env.BRAND_SCHEDULE_TARGET_ARN ?? '' };
}

const notFound = (err: unknown) => err instanceof ResourceNotFoundException || (err as { name?: string })?.name === 'ResourceNotFoundException';
const conflict = (err: unknown) => err instanceof ConflictException || (err as { name?: string })?.name === 'ConflictException';

export function eventBridgeScheduler(client: SchedulerClient = new SchedulerClient({}), config: () => EventBridgeSchedulerConfig = configFromEnv): SchedulerPort {
  const remove = async (group: string, name: string) => {
    try {
      await client.send(new DeleteScheduleCommand({ Name: name, GroupName: group }));
    } catch (err) {
      if (!notFound(err)) throw err;
    }
  };
  return {
    async put(name: string, spec: ScheduleSpec): Promise<void> {
      if (spec.crons.length > MAX_SCHEDULE_TIMES) throw new Error(`at most ${MAX_SCHEDULE_TIMES} schedules per brand`);
      const c = config();
      if (!c.roleArn || !c.targetArn) throw new Error('Saving brand schedules needs BRAND_SCHEDULE_ROLE_ARN and BRAND_SCHEDULE_TARGET_ARN (set by the CDK stack for the api)');
      for (const [i, cron] of spec.crons.entries()) {
        const input: CreateScheduleCommandInput = {
          Name: `${name}-${i}`, GroupName: c.group, Description: spec.description.slice(0, 512),
          ScheduleExpression: cron, ScheduleExpressionTimezone: spec.timeZone, State: 'ENABLED',
          FlexibleTimeWindow: { Mode: 'OFF' },
          Target: {
            Arn: c.targetArn, RoleArn: c.roleArn, Input: JSON.stringify(spec.input),
            // A run late by more than an hour is superseded by the next one.
            RetryPolicy: { MaximumRetryAttempts: 2, MaximumEventAgeInSeconds: 3600 },
          },
        };
        try {
          await client.send(new UpdateScheduleCommand(input));
        } catch (err) {
          if (!notFound(err)) throw err;
          try {
            await client.send(new CreateScheduleCommand(input));
          } catch (e) {
            // Created meanwhile by a concurrent save: this one's settings win.
            if (!conflict(e)) throw e;
            await client.send(new UpdateScheduleCommand(input));
          }
        }
      }
      for (let i = spec.crons.length; i < MAX_SCHEDULE_TIMES; i++) await remove(c.group, `${name}-${i}`);
    },
    async remove(name: string): Promise<void> {
      const c = config();
      for (let i = 0; i < MAX_SCHEDULE_TIMES; i++) await remove(c.group, `${name}-${i}`);
    },
  };
}
