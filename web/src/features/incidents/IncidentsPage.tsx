/** Incidents (issue 11 item 4): the workspace's troll-attack incidents, open and closed, newest first. */
import { useState } from 'react';
import { Badge, Card, Flex, Heading, Placeholder, SelectField, Table, TableBody, TableCell, TableHead, TableRow, Text } from '@aws-amplify/ui-react';
import { Link } from 'react-router';
import { TROLL_ATTACK, type IncidentStatus } from '@cg/shared';
import { useIncidents } from '../../lib/incidents';
import { QueryError } from '../../components/ui/QueryError';

export const incidentTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function StatusBadge({ status }: { status: IncidentStatus }) {
  return <Badge size="small" variation={status === 'open' ? 'warning' : 'info'}>{status === 'open' ? 'Open' : 'Closed'}</Badge>;
}

export default function IncidentsPage() {
  const [status, setStatus] = useState<IncidentStatus | ''>('');
  const list = useIncidents(status || undefined);
  const items = list.data?.items ?? [];
  let content;
  if (list.isLoading) content = <Placeholder size="large" aria-label="Loading the incidents" />;
  else if (list.isError) content = <QueryError error={list.error} what="the incidents" onRetry={() => void list.refetch()} />;
  else if (!items.length) content = <Text className="cg-muted cg-small" data-testid="incidents-empty">{status === 'open' ? 'No incident is open.' : status === 'closed' ? 'No closed incidents.' : 'No troll attack so far. When one post suddenly gets a burst of negative comments, an incident opens here.'}</Text>;
  else content = (
    <div className="cg-table-wrap">
      <Table size="small" variation="striped" aria-label="Incidents">
        <TableHead>
          <TableRow>
            <TableCell as="th">Opened</TableCell>
            <TableCell as="th">Post</TableCell>
            <TableCell as="th">Burst</TableCell>
            <TableCell as="th">Hidden</TableCell>
            <TableCell as="th">Status</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((i) => (
            <TableRow key={i.id} data-testid="incident-row">
              <TableCell><Link to={`/incidents/${i.id}`} className="cg-link"><time dateTime={i.openedAt}>{incidentTime.format(new Date(i.openedAt))}</time></Link></TableCell>
              <TableCell>{i.platform === 'instagram' ? 'Instagram' : 'Facebook'} post {i.postId}</TableCell>
              <TableCell>{i.burst} negative (usually {i.baseline})</TableCell>
              <TableCell>{i.hidden}{i.restored ? ` (${i.restored} restored)` : ''}</TableCell>
              <TableCell><StatusBadge status={i.status} /></TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
  return (
    <Flex direction="column" gap="1rem">
      <Heading level={1}>Incidents</Heading>
      <Card variation="outlined" className="cg-panel">
        <Flex justifyContent="space-between" alignItems="flex-end" wrap="wrap" gap="0.75rem">
          <Text className="cg-small cg-muted">
            A post that gets at least {TROLL_ATTACK.minNegatives} negative or offensive comments within {TROLL_ATTACK.windowMinutes} minutes, and {TROLL_ATTACK.baselineFactor}× its usual rate,
            opens an incident: for {TROLL_ATTACK.durationMinutes / 60} hours negative comments from first-time commenters on it are hidden for review.
          </Text>
          <SelectField label="Show" size="small" value={status} onChange={(e) => setStatus(e.target.value as IncidentStatus | '')}>
            <option value="">All</option>
            <option value="open">Open</option>
            <option value="closed">Closed</option>
          </SelectField>
        </Flex>
        {content}
      </Card>
    </Flex>
  );
}
