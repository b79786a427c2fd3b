/** The progress bars of the jobs the app follows (sync, Process All, export, bulk, deletion), with an export's download links. */
import { Button, Text } from '@aws-amplify/ui-react';
import type { Job } from '@cg/shared';
import { ProgressBar } from '../../components/ui/ProgressBar';
import { dismissJob, isFinished, useJobs } from '../../lib/jobs';

const LABEL: Record<string, string> = {
  sync: 'Syncing comments', 'process-all': 'Processing all comments', bulk: 'Bulk action', export: 'Preparing your export',
  'delete-workspace': 'Deleting the workspace', 'delete-account': 'Deleting the account', backtest: 'Backtest',
};

function detail(j: Job): string {
  if (j.status === 'failed') return `Failed: ${j.error ?? 'unknown error'}`;
  if (j.status === 'succeeded') return 'Done';
  if (j.status === 'queued') return j.attempts ? `Retrying (attempt ${j.attempts + 1})` : 'Waiting to start';
  return j.total ? `${j.done.toLocaleString()} of ${j.total.toLocaleString()} (${j.progress}%)` : `${j.done.toLocaleString()} so far`;
}

export function JobProgressItem({ job }: { job: Job }) {
  const label = LABEL[job.kind] ?? job.kind;
  return (
    <div className="cg-job" data-testid="job-progress" data-status={job.status} data-kind={job.kind}>
      <Text className="cg-small"><strong>{label}</strong> · <span data-testid="job-detail">{detail(job)}</span></Text>
      <ProgressBar value={job.progress} label={`${label}: ${job.progress}%`} tone={job.status === 'failed' ? 'muted' : 'primary'} />
      {job.status === 'succeeded' && job.files?.map((f) => (
        <a key={f.name} href={f.url} download={f.name} className="cg-small" data-testid="job-file">Download {f.name}</a>
      ))}
      {isFinished(job) && <Button size="small" variation="link" onClick={() => dismissJob(job.id)}>Dismiss</Button>}
    </div>
  );
}

/** Every followed job, at the top of the app (nothing when none). */
export function JobProgressList() {
  const jobs = useJobs();
  if (!jobs.length) return null;
  return (
    <div className="cg-jobs" role="region" aria-label="Background work" aria-live="polite">
      {jobs.map((j) => <JobProgressItem key={j.id} job={j} />)}
    </div>
  );
}
