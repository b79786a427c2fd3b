/** One troll-attack incident: what opened it, the comments its policy hid, close it, restore them in bulk (with confirmation). */
import { Alert, Button, Card, Flex, Heading, Placeholder, Table, TableBody, TableCell, TableHead, TableRow, Text } from '@aws-amplify/ui-react';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../lib/api';
import { useCan } from '../../lib/can';
import { useCloseIncident, useIncident, useRestoreIncident } from '../../lib/incidents';
import { QueryError } from '../../components/ui/QueryError';
import { incidentTime, StatusBadge } from './IncidentsPage';

export default function IncidentPage() {
  const { id = '' } = useParams();
  const detail = useIncident(id);
  const close = useCloseIncident();
  const restore = useRestoreIncident();
  const canClose = useCan('closeIncident');
  const canRestore = useCan('restoreIncident');
  const back = <Link to="/incidents" className="cg-link cg-small">← All incidents</Link>;
  if (detail.isLoading) return <Flex direction="column" gap="1rem">{back}<Placeholder size="large" aria-label="Loading the incident" /></Flex>;
  if (detail.isError || !detail.data) return <Flex direction="column" gap="1rem">{back}<QueryError error={detail.error} what="the incident" onRetry={() => void detail.refetch()} /></Flex>;
  const { incident: i, comments } = detail.data;
  const waiting = comments.filter((c) => !c.restored && c.isHidden).length;
  const refused = restore.data?.results.filter((r) => !r.ok) ?? [];
  const confirmRestore = () => {
    if (window.confirm(`Unhide ${waiting} comment${waiting === 1 ? '' : 's'} hidden during this incident? They become visible on the post again.`)) restore.mutate(i.id);
  };
  return (
    <Flex direction="column" gap="1rem">
      {back}
      <Flex alignItems="center" gap="0.75rem">
        <Heading level={1}>Troll attack on post {i.postId}</Heading>
        <StatusBadge status={i.status} />
      </Flex>
      <Card variation="outlined" className="cg-panel">
        <Text>
          Opened <time dateTime={i.openedAt}>{incidentTime.format(new Date(i.openedAt))}</time> after {i.burst} negative or offensive comments in a short time
          (threshold {i.threshold}; the post usually gets {i.baseline}).{' '}
          {i.status === 'open'
            ? <>Negative comments from first-time commenters on this post are hidden for review until <time dateTime={i.endsAt}>{incidentTime.format(new Date(i.endsAt))}</time>.</>
            : <>Closed {i.closedAt ? <time dateTime={i.closedAt}>{incidentTime.format(new Date(i.closedAt))}</time> : <time dateTime={i.endsAt}>{incidentTime.format(new Date(i.endsAt))}</time>}{i.closedBy ? ` by ${i.closedBy}` : ''}.</>}
        </Text>
        <Flex gap="0.5rem" marginTop="0.75rem" wrap="wrap">
          {canClose && i.status === 'open' && (
            <Button size="small" isLoading={close.isPending} loadingText="Closing..." onClick={() => { if (window.confirm('End the stricter policy on this post now?')) close.mutate(i.id); }}>Close incident</Button>
          )}
          {canRestore && waiting > 0 && (
            <Button size="small" variation="primary" isLoading={restore.isPending} loadingText="Restoring..." onClick={confirmRestore}>Restore {waiting} hidden comment{waiting === 1 ? '' : 's'}</Button>
          )}
        </Flex>
        {close.isError && <Alert variation="error" role="alert" marginTop="0.5rem">{errorMessage(close.error, 'Could not close the incident.')}</Alert>}
        {restore.isError && <Alert variation="error" role="alert" marginTop="0.5rem">{errorMessage(restore.error, 'The restore failed. Please try again.')}</Alert>}
        {restore.data && <Alert variation={refused.length ? 'warning' : 'success'} role="status" marginTop="0.5rem">Restored {restore.data.restored} comment{restore.data.restored === 1 ? '' : 's'}.{refused.length ? ` ${refused.length} could not be: ${refused.map((r) => r.message).join(' ')}` : ''}</Alert>}
      </Card>
      <Card variation="outlined" className="cg-panel">
        <Heading level={2} className="cg-panel-title">Hidden during the incident</Heading>
        {!comments.length ? <Text className="cg-muted cg-small">Nothing was hidden: no first-time commenter wrote a negative comment on this post during the incident.</Text> : (
          <div className="cg-table-wrap">
            <Table size="small" variation="striped" aria-label="Comments hidden during the incident">
              <TableHead>
                <TableRow>
                  <TableCell as="th">Time</TableCell>
                  <TableCell as="th">Author</TableCell>
                  <TableCell as="th">Comment</TableCell>
                  <TableCell as="th">Now</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {comments.map((c) => (
                  <TableRow key={c.commentId} data-testid="incident-comment">
                    <TableCell><time dateTime={c.timestamp}>{incidentTime.format(new Date(c.timestamp))}</time></TableCell>
                    <TableCell>{c.authorName}</TableCell>
                    <TableCell>{c.content}</TableCell>
                    <TableCell>{c.restored ? 'Restored' : c.isHidden ? 'Hidden' : c.status === 'deleted' ? 'Deleted' : 'Visible'}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )}
      </Card>
    </Flex>
  );
}
