/** Brand schedules: validation naming the field, cron lines, and next runs in the brand's zone across DST changes. */
import { describe, expect, it } from 'vitest';
import { BrandScheduleInput, awsCron, cronLines } from '@cg/shared';
import { nextRuns, scheduleName } from '../../src/domain/brand-schedules.js';

const issuesOf = (body: unknown) => {
  const r = BrandScheduleInput.safeParse(body);
  return r.success ? [] : r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
};

describe('brand schedule input', () => {
  it('refuses an unknown zone, an offset, a malformed time, and the wrong number of times, naming the field', () => {
    expect(issuesOf({ preset: 'daily', times: ['09:00'], timeZone: 'Mars/Olympus_Mons' })).toEqual([{ path: 'timeZone', message: expect.stringContaining('IANA time zone') }]);
    expect(issuesOf({ preset: 'daily', times: ['09:00'], timeZone: '+05:00' })[0]?.path).toBe('timeZone');
    expect(issuesOf({ preset: 'daily', times: ['9am'], timeZone: 'UTC' })[0]?.path).toBe('times.0');
    expect(issuesOf({ preset: 'daily', times: ['24:00'], timeZone: 'UTC' })[0]?.path).toBe('times.0');
    expect(issuesOf({ preset: 'daily', times: ['09:00', '10:00'], timeZone: 'UTC' })[0]?.path).toBe('times');
    expect(issuesOf({ preset: 'several', times: ['09:00'], timeZone: 'UTC' })[0]?.path).toBe('times');
    expect(issuesOf({ preset: 'weekdays', times: [], timeZone: 'UTC' })[0]?.path).toBe('times');
    expect(issuesOf({ preset: 'several', times: ['09:00', '09:00'], timeZone: 'UTC' })[0]?.path).toBe('times');
    expect(issuesOf({ preset: 'off', timeZone: 'Europe/Berlin' })).toEqual([]);
    expect(issuesOf({ preset: 'weekends', times: ['10:30'], timeZone: 'America/New_York' })).toEqual([]);
  });

  it('groups times sharing a minute into one EventBridge cron, weekdays as MON-FRI', () => {
    expect(cronLines({ preset: 'several', times: ['09:00', '13:00', '17:00'] }).map(awsCron)).toEqual(['cron(0 9,13,17 * * ? *)']);
    expect(cronLines({ preset: 'weekdays', times: ['09:00', '12:30'] }).map(awsCron)).toEqual(['cron(0 9 ? * MON-FRI *)', 'cron(30 12 ? * MON-FRI *)']);
    expect(cronLines({ preset: 'weekends', times: ['10:00'] }).map(awsCron)).toEqual(['cron(0 10 ? * SAT,SUN *)']);
    expect(cronLines({ preset: 'off', times: ['10:00'] })).toEqual([]);
  });

  it('names a schedule within EventBridge limits, the same for the same brand', () => {
    const name = scheduleName('8d3f6c1e-0000-4000-8000-000000000000', '1'.repeat(40));
    expect(name).toMatch(/^[0-9a-zA-Z_.-]{1,60}$/);
    expect(scheduleName('8d3f6c1e-0000-4000-8000-000000000000', '1'.repeat(40))).toBe(name);
    expect(scheduleName('8d3f6c1e-0000-4000-8000-000000000000', '2')).not.toBe(name);
  });
});

describe('next runs', () => {
  it('weekdays at 09:00 in Berlin across the end of summer time: 07:00 UTC before, 08:00 UTC after, no weekend', () => {
    // Friday 24 October 2025, noon UTC; summer time ends Sunday 26 October 2025 at 03:00 local.
    const runs = nextRuns({ preset: 'weekdays', times: ['09:00'], timeZone: 'Europe/Berlin' }, new Date('2025-10-24T12:00:00Z'), 5);
    expect(runs).toEqual(['2025-10-27T08:00:00.000Z', '2025-10-28T08:00:00.000Z', '2025-10-29T08:00:00.000Z', '2025-10-30T08:00:00.000Z', '2025-10-31T08:00:00.000Z']);
    const before = nextRuns({ preset: 'weekdays', times: ['09:00'], timeZone: 'Europe/Berlin' }, new Date('2025-10-22T12:00:00Z'), 3);
    expect(before).toEqual(['2025-10-23T07:00:00.000Z', '2025-10-24T07:00:00.000Z', '2025-10-27T08:00:00.000Z']);
  });

  it('several times a day in New York across the start of daylight time, in time order', () => {
    // Friday 7 March 2025; daylight time starts Sunday 9 March at 02:00 local (UTC-5 → UTC-4).
    const runs = nextRuns({ preset: 'several', times: ['09:00', '17:30'], timeZone: 'America/New_York' }, new Date('2025-03-08T20:00:00Z'), 4);
    expect(runs).toEqual(['2025-03-08T22:30:00.000Z', '2025-03-09T13:00:00.000Z', '2025-03-09T21:30:00.000Z', '2025-03-10T13:00:00.000Z']);
  });

  it('weekends only in Tokyo, and nothing when off', () => {
    // Monday 3 March 2025 in Tokyo (UTC+9): next Saturday and Sunday at 10:00 local.
    expect(nextRuns({ preset: 'weekends', times: ['10:00'], timeZone: 'Asia/Tokyo' }, new Date('2025-03-03T00:00:00Z'), 3))
      .toEqual(['2025-03-08T01:00:00.000Z', '2025-03-09T01:00:00.000Z', '2025-03-15T01:00:00.000Z']);
    expect(nextRuns({ preset: 'off', times: ['10:00'], timeZone: 'UTC' })).toEqual([]);
  });
});
