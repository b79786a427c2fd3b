/** The negative-sentiment surge rule and the alert periods (domain/alert-rules.ts), and the Slack URL check. */
import { describe, expect, it } from 'vitest';
import { NEGATIVE_SURGE } from '@cg/shared';
import { alertPeriod, hourOf, hoursBefore, negativeSurge } from '../../src/domain/alert-rules.js';
import { slackUrlProblem } from '../../src/domain/alerts.js';

const quietDay = (negativePerHour: number, totalPerHour = 20) => Array.from({ length: NEGATIVE_SURGE.baselineHours }, () => ({ negative: negativePerHour, total: totalPerHour }));

describe('negative surge', () => {
  it('is a surge when an hour has far more negative comments than the day before', () => {
    const v = negativeSurge({ negative: 12, total: 20 }, quietDay(1));
    expect(v.surge).toBe(true);
    expect(v.baselinePerHour).toBe(1);
    expect(v.threshold).toBe(NEGATIVE_SURGE.minNegatives);
  });

  it('is no surge below the minimum count, even from a silent baseline', () => {
    expect(negativeSurge({ negative: NEGATIVE_SURGE.minNegatives - 1, total: NEGATIVE_SURGE.minNegatives - 1 }, []).surge).toBe(false);
    expect(negativeSurge({ negative: NEGATIVE_SURGE.minNegatives, total: NEGATIVE_SURGE.minNegatives }, []).surge).toBe(true);
  });

  it('measures against the brand\'s own baseline: a busy page needs factor × its usual negatives', () => {
    // 10 negative an hour is usual here: 25 is not a surge, 30 (3 ×) is.
    expect(negativeSurge({ negative: 25, total: 40 }, quietDay(10, 40)).surge).toBe(false);
    const v = negativeSurge({ negative: 30, total: 40 }, quietDay(10, 40));
    expect(v.threshold).toBe(30);
    expect(v.surge).toBe(true);
  });

  it('is no surge when the negative comments are a small share of a busy hour', () => {
    expect(negativeSurge({ negative: 15, total: 100 }, quietDay(0)).surge).toBe(false);
    expect(negativeSurge({ negative: 40, total: 100 }, quietDay(0)).surge).toBe(true);
  });

  it('counts missing hours of the baseline as zeros', () => {
    expect(negativeSurge({ negative: 10, total: 10 }, [{ negative: 24, total: 24 }]).baselinePerHour).toBe(1);
  });
});

describe('hours and periods', () => {
  it('lists the hours before an hour, across midnight', () => {
    expect(hourOf(new Date('2026-11-23T00:30:00Z'))).toBe('2026-11-23T00');
    expect(hoursBefore('2026-11-23T01', 3)).toEqual(['2026-11-23T00', '2026-11-22T23', '2026-11-22T22']);
  });

  it('dedupes quota per month, an incident once, the rest per UTC day', () => {
    const now = new Date('2026-11-23T10:00:00Z');
    expect(alertPeriod('quota_80', now)).toEqual({ period: '2026-11', endsAt: new Date('2026-12-01T00:00:00Z') });
    expect(alertPeriod('response_overdue', now)).toEqual({ period: '2026-11-23', endsAt: new Date('2026-11-24T00:00:00Z') });
    expect(alertPeriod('incident', now).period).toBe('once');
  });
});

describe('Slack URL', () => {
  it('is parsed as a URL and must be https to a public address in AWS', () => {
    delete process.env.WEBHOOK_ALLOW_PRIVATE_URLS;
    expect(slackUrlProblem('https://hooks.slack.com/services/T000/B000/XXXX')).toBeNull();
    expect(slackUrlProblem('not a url')).toBe('is not a URL');
    expect(slackUrlProblem('http://hooks.slack.com/services/x')).toBe('must be an https URL');
    expect(slackUrlProblem('ftp://hooks.slack.com/x')).toBe('must be an https URL');
    expect(slackUrlProblem('https://127.0.0.1/hook')).toMatch(/private/);
    expect(slackUrlProblem('https://user:pw@hooks.slack.com/x')).toMatch(/user name/);
  });
});
