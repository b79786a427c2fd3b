/**
 * Observability names declared once (issue 13 item 7): the CloudWatch namespace the functions'
 * EMF metrics go to, the metric names, and each function's Powertools service name. The functions
 * (functions/src/observability) emit them; the CDK dashboard and alarms (infra/lib/monitoring.ts)
 * read them.
 */
export const METRICS_NAMESPACE = 'Pagewarden';

export const METRIC = {
  /** New comments stored (webhook deliveries and syncs). */
  commentsReceived: 'CommentsReceived',
  /** Comments the analyser decided (one per comment written as processed). */
  commentsAnalysed: 'CommentsAnalysed',
  /** Decisions by their type (dimension `type`: reply, hide, delete, approve, ...). */
  decisions: 'Decisions',
  /** Actions carried out on Meta (reply, hide, delete, ...; dimension `action`) and the ones Meta refused or left unknown. */
  platformActions: 'PlatformActions',
  platformActionFailures: 'PlatformActionFailures',
  /** From queued (status processing) to decided, per comment. */
  analysisLagMs: 'AnalysisLagMs',
  /** One attempt of one job, start to settle (the jobs function). */
  jobDurationMs: 'JobDurationMs',
  /** Meta answered a rate-limit code (4, 17, 32, 613, 80001, 80002, 80004). */
  graphThrottled: 'GraphThrottled',
} as const;
export type MetricName = (typeof METRIC)[keyof typeof METRIC];

/** The Powertools service name (POWERTOOLS_SERVICE_NAME, the metrics' `service` dimension) of a stage's function. */
export function serviceName(stage: string, handler: string): string {
  return `pagewarden-${stage}-${handler}`;
}
