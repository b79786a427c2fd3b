import { useState } from 'react';
import { Alert, Button, Card, Flex, Heading, Placeholder, Table, TableBody, TableCell, TableHead, TableRow, Text } from '@aws-amplify/ui-react';
import { TEXT } from '@cg/shared';
import { errorMessage } from '../../lib/api';
import { auditCsv, describeChanges, downloadText } from '../../lib/csv';
import { fetchAllAudit, useAuditLog } from '../../lib/workspace';
import { QueryError } from '../../components/ui/QueryError';

const timeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function ExportButton() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function exportCsv() {
    setBusy(true);
    setError(null);
    try {
      const entries = await fetchAllAudit();
      downloadText(`audit-log-${new Date().toISOString().slice(0, 10)}.csv`, auditCsv(entries));
    } catch (err) {
      setError(errorMessage(err, 'Failed to export the audit log. Please try again.'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Flex direction="column" alignItems="flex-end" gap="0.25rem">
      <Button size="small" onClick={() => void exportCsv()} isDisabled={busy}>{busy ? 'Exporting...' : 'Export CSV'}</Button>
      {error && <Text as="span" role="alert" className="cg-small cg-error-text">{error}</Text>}
    </Flex>
  );
}

/** Settings → Audit log (owner and admin): who changed what, when; paged with a cursor; CSV export. */
export function AuditLogSection() {
  const log = useAuditLog();
  const entries = log.data?.pages.flatMap((p) => p.entries) ?? [];
  let content;
  if (log.isLoading) content = <Placeholder size="large" aria-label="Loading the audit log" />;
  else if (log.isError && !log.isFetchNextPageError) content = <QueryError error={log.error} what="the audit log" onRetry={() => void log.refetch()} />;
  else if (entries.length === 0) content = <Text className="cg-muted cg-small">{TEXT.noAuditEntries}</Text>;
  else
    content = (
      <>
        <div className="cg-table-wrap">
          <Table size="small" variation="striped" highlightOnHover aria-label="Audit log">
            <TableHead>
              <TableRow>
                <TableCell as="th">Time</TableCell>
                <TableCell as="th">Who</TableCell>
                <TableCell as="th">Action</TableCell>
                <TableCell as="th">Target</TableCell>
                <TableCell as="th">What changed</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {entries.map((e) => (
                <TableRow key={e.id} data-testid="audit-row">
                  <TableCell><time dateTime={e.at}>{timeFormat.format(new Date(e.at))}</time></TableCell>
                  <TableCell>{e.actorEmail || e.actorId}</TableCell>
                  <TableCell>{e.action}</TableCell>
                  <TableCell>{e.target}</TableCell>
                  <TableCell>{describeChanges(e.changes) || '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
        {log.isFetchNextPageError && (
          <Alert variation="error" hasIcon role="alert" marginTop="0.5rem">{errorMessage(log.error, 'Failed to load more entries. Please try again.')}</Alert>
        )}
        {log.hasNextPage && (
          <Flex justifyContent="center" marginTop="0.75rem">
            <Button size="small" onClick={() => void log.fetchNextPage()} isDisabled={log.isFetchingNextPage}>
              {log.isFetchingNextPage ? 'Loading...' : 'Load more'}
            </Button>
          </Flex>
        )}
      </>
    );
  return (
    <Card variation="outlined" className="cg-card" as="section" aria-labelledby="audit-title">
      <Flex justifyContent="space-between" alignItems="flex-start" marginBottom="1rem" wrap="wrap" gap="0.5rem">
        <div>
          <Heading level={2} id="audit-title" className="cg-section-title">Audit log</Heading>
          <Text className="cg-small cg-muted">Every change in this workspace, who made it and when; kept for a year.</Text>
        </div>
        <ExportButton />
      </Flex>
      {content}
    </Card>
  );
}
