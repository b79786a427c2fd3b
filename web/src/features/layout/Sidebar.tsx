import { Button, Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { Link, useNavigate } from 'react-router';
import { TEXT } from '@cg/shared';
import { useActivity, useBulkAnalyze, useStats, useSync } from '../../lib/queries';
import { relativeTime } from '../../lib/time';
import { useCan } from '../../lib/can';
import { ProgressBar } from '../../components/ui/ProgressBar';
import { QueryError } from '../../components/ui/QueryError';

export function Sidebar() {
  const stats = useStats();
  const activity = useActivity();
  const navigate = useNavigate();
  const sync = useSync(() => navigate('/settings'));
  const bulk = useBulkAnalyze();
  const canModerate = useCan('bulkAnalyze');
  const s = stats.data;
  const comments = (s?.facebookComments ?? 0) + (s?.instagramComments ?? 0);
  // Nothing reviewed yet: there is no accuracy to show (issue 12), not 0%.
  const accuracy = s && (s.reviewed ?? 1) > 0 ? Math.round(s.accuracyRate) : null;
  const entries = (activity.data ?? []).slice(0, 5);

  return (
    <Flex direction="column" gap="1rem" className="cg-sidebar-inner">
      <Card variation="outlined" className="cg-panel">
        <Heading level={2} className="cg-panel-title">Overview</Heading>
        <dl className="cg-overview">
          <div>
            <dt>Comments</dt>
            <dd>{comments.toLocaleString()}</dd>
          </div>
          <div>
            <dt>Auto Replies</dt>
            <dd>{(s?.autoReplies ?? 0).toLocaleString()}</dd>
          </div>
        </dl>
        <div className="cg-accuracy">
          <Flex justifyContent="space-between">
            <Text as="span" id="cg-accuracy-label" className="cg-small">AI Accuracy</Text>
            <Text as="span" className="cg-small" fontWeight="600" data-testid="ai-accuracy">{accuracy === null ? '—' : `${accuracy}%`}</Text>
          </Flex>
          <ProgressBar value={accuracy ?? 0} labelledBy="cg-accuracy-label" />
        </div>
      </Card>

      {canModerate && <Card variation="outlined" className="cg-panel">
        <Heading level={2} className="cg-panel-title">AI Actions</Heading>
        <Flex direction="column" gap="0.5rem">
          <Button size="small" onClick={() => sync.mutate(undefined)} isDisabled={sync.isPending}>
            {sync.isPending ? 'Syncing...' : 'Sync Comments'}
          </Button>
          <Button size="small" variation="primary" onClick={() => bulk.mutate(undefined)} isDisabled={bulk.isPending}>
            {bulk.isPending ? 'Processing...' : 'Process All Comments'}
          </Button>
          <Link to="/settings" className="cg-link cg-small">AI &amp; account settings</Link>
        </Flex>
      </Card>}

      <Card variation="outlined" className="cg-panel">
        <Heading level={2} className="cg-panel-title">Recent Activity</Heading>
        {activity.isError && !activity.data ? (
          <QueryError error={activity.error} what="the recent activity" onRetry={() => void activity.refetch()} />
        ) : entries.length === 0 ? (
          <Text className="cg-muted cg-small">{TEXT.noActivity}</Text>
        ) : (
          <ul className="cg-activity">
            {entries.map((a) => (
              <li key={a.id}>
                <Text as="span" className="cg-small">{a.description}</Text>
                <Text as="span" className="cg-muted cg-xsmall">
                  <time dateTime={a.executedAt}>{relativeTime(a.executedAt)}</time>
                </Text>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </Flex>
  );
}
