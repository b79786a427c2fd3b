import { Fragment, lazy, Suspense, useState } from 'react';
import { Alert, Badge, Button, Card, Flex, Heading, Placeholder, SelectField, Text } from '@aws-amplify/ui-react';
import { useQuery } from '@tanstack/react-query';
import { pathOf, REPORT_FORMATS, type Report } from '@cg/shared';
import { api, ApiError, errorMessage } from '../../lib/api';
import { QueryError } from '../../components/ui/QueryError';
import { StatCard } from '../../components/ui/StatCard';
import { toast, toastError } from '../../lib/toast';

const ReportChart = lazy(() => import('./ReportChart'));

type Range = 'today' | '7d' | '30d' | '90d';
const RANGES: { value: Range; label: string }[] = [
  { value: 'today', label: 'Today' }, { value: '7d', label: 'Last 7 days' }, { value: '30d', label: 'Last 30 days' }, { value: '90d', label: 'Last 90 days' },
];
const ACCEPT: Record<(typeof REPORT_FORMATS)[number], string> = {
  csv: 'text/csv', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', pdf: 'application/pdf',
};

const minutes = (m: number | null) => (m === null ? '—' : m < 60 ? `${Math.round(m)} min` : `${(m / 60).toFixed(1)} h`);
const percent = (p: number | null) => (p === null ? '—' : `${p}%`);

/** Downloads the report file; a range too big for one answer becomes a job whose link arrives later. */
async function download(format: (typeof REPORT_FORMATS)[number], range: Range): Promise<void> {
  const url = `${pathOf('exportReport')}?format=${format}&range=${range}`;
  const res = await fetch(url, { credentials: 'same-origin', headers: { Accept: ACCEPT[format] } });
  if (res.status === 202) {
    toast({ description: 'The report is large: it is being prepared. Its download link appears in the job when it is ready.' });
    return;
  }
  if (!res.ok) throw new ApiError(res.status, res.statusText, await res.text());
  const name = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? `report.${format}`;
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await res.blob());
  link.download = name;
  link.click();
  URL.revokeObjectURL(link.href);
}

function Figures({ r }: { r: Report }) {
  const acted = r.actions.automatic + r.actions.human;
  return (
    <>
      <div className="cg-stats">
        <StatCard label="Comments" value={r.comments.toLocaleString()} />
        <StatCard label="Negative" value={r.sentiment.negative.toLocaleString()} />
        <StatCard label="Median time to first reply" value={minutes(r.responseTimes.medianFirstReplyMinutes)} />
        <StatCard label={`Answered within ${r.responseTimes.targetMinutes} min`} value={percent(r.responseTimes.answeredWithinTargetPct)} />
      </div>
      <Card variation="outlined" className="cg-card" as="section" aria-labelledby="report-trend">
        <Heading level={2} id="report-trend" className="cg-section-title">Volume and sentiment by day</Heading>
        <Suspense fallback={<Placeholder size="large" />}><ReportChart days={r.byDay} /></Suspense>
      </Card>
      <Flex gap="1rem" wrap="wrap" alignItems="stretch">
        <Card variation="outlined" className="cg-card" as="section" aria-labelledby="report-actions" flex="1 1 18rem">
          <Heading level={2} id="report-actions" className="cg-section-title">Actions</Heading>
          <dl className="cg-kv">
            <dt>Replied</dt><dd>{r.actions.replied}</dd>
            <dt>Hidden</dt><dd>{r.actions.hidden}</dd>
            <dt>Deleted</dt><dd>{r.actions.deleted}</dd>
            <dt>Dismissed</dt><dd>{r.actions.dismissed}</dd>
            <dt>Automatic / by people</dt><dd>{acted ? `${r.actions.automatic} / ${r.actions.human}` : '—'}</dd>
            <dt>Median time to hide</dt><dd>{minutes(r.responseTimes.medianHideMinutes)}</dd>
            <dt>Written after hours</dt><dd>{percent(r.responseTimes.afterHoursPct)}</dd>
          </dl>
        </Card>
        <Card variation="outlined" className="cg-card" as="section" aria-labelledby="report-categories" flex="1 1 18rem">
          <Heading level={2} id="report-categories" className="cg-section-title">Categories</Heading>
          {Object.keys(r.categories).length ? (
            <dl className="cg-kv">{Object.entries(r.categories).sort((a, b) => b[1] - a[1]).map(([k, v]) => <Fragment key={k}><dt>{k}</dt><dd>{v}</dd></Fragment>)}</dl>
          ) : <Text className="cg-muted">No analysed comments in this range.</Text>}
        </Card>
        <Card variation="outlined" className="cg-card" as="section" aria-labelledby="report-posts" flex="1 1 18rem">
          <Heading level={2} id="report-posts" className="cg-section-title">Posts with the most negative comments</Heading>
          {r.topNegativePosts.length ? (
            <ol className="cg-list">{r.topNegativePosts.map((p) => <li key={p.postId}><code>{p.postId}</code> · {p.negative} negative of {p.comments}</li>)}</ol>
          ) : <Text className="cg-muted">No negative comments in this range.</Text>}
        </Card>
      </Flex>
    </>
  );
}

/** Reports (issue 11 item 8): a range's figures on screen, and the same as CSV, Excel or PDF. */
export default function ReportsPage() {
  const [range, setRange] = useState<Range>('7d');
  const [busy, setBusy] = useState<string | null>(null);
  const q = useQuery({ queryKey: ['report', range], queryFn: () => api('getReport', { query: { range } }) });
  async function exportAs(format: (typeof REPORT_FORMATS)[number]) {
    setBusy(format);
    try {
      await download(format, range);
    } catch (err) {
      toastError(errorMessage(err, 'The report could not be exported. Please try again.'), 'Error');
    } finally {
      setBusy(null);
    }
  }
  return (
    <>
      <div className="cg-page-head">
        <Heading level={1} className="cg-page-title">Reports</Heading>
        {q.data && <Badge size="large" variation="info">{q.data.comments.toLocaleString()} comments</Badge>}
      </div>
      <Flex gap="0.75rem" alignItems="flex-end" wrap="wrap" marginBottom="1rem">
        <SelectField label="Range" value={range} onChange={(e) => setRange(e.target.value as Range)}>
          {RANGES.map((r) => <option key={r.value} value={r.value}>{r.label}</option>)}
        </SelectField>
        {REPORT_FORMATS.map((f) => (
          <Button key={f} size="small" onClick={() => void exportAs(f)} isDisabled={busy !== null}>
            {busy === f ? 'Exporting...' : `Export ${f.toUpperCase()}`}
          </Button>
        ))}
      </Flex>
      {q.isLoading ? (
        <div aria-busy="true" aria-label="Loading the report"><Placeholder size="large" /><Placeholder size="large" /></div>
      ) : q.isError ? (
        <QueryError error={q.error} onRetry={() => void q.refetch()} what="the report" />
      ) : q.data && q.data.comments === 0 ? (
        <Alert variation="info">No comments in this range yet. Connect an account and sync to see your report.</Alert>
      ) : q.data ? <Figures r={q.data} /> : null}
    </>
  );
}
