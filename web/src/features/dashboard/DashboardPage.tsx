import { useEffect, useState } from 'react';
import { Alert, Button, Card, Flex, Heading, Placeholder, SelectField, Text } from '@aws-amplify/ui-react';
import { useLocation } from 'react-router';
import { TEXT, type Platform } from '@cg/shared';
import { useComments, useSocialAccounts, useStats } from '../../lib/queries';
import { useCan } from '../../lib/can';
import { StatCard } from '../../components/ui/StatCard';
import { QueryError } from '../../components/ui/QueryError';
import { NewCommentsBar } from '../../components/ui/NewCommentsBar';
import { CommentCard } from './CommentCard';

export const PAGE_SIZES = [10, 25, 50] as const;
export const DEFAULT_PAGE_SIZE = 25;

/** A first run (nothing connected): the way forward is Connect, not an empty queue. */
function FirstRun() {
  const canConnect = useCan('deleteSocialAccount');
  return (
    <div className="cg-first-run" data-testid="first-run">
      <Text>{TEXT.firstRun}</Text>
      {canConnect ? (
        <Button variation="primary" onClick={() => window.location.assign('/api/auth/facebook')}>Connect Facebook or Instagram</Button>
      ) : (
        <Text className="cg-muted cg-small">Ask the workspace owner or an admin to connect an account.</Text>
      )}
    </div>
  );
}

export default function DashboardPage() {
  const stats = useStats();
  // Arrived from an accepted invitation: name the workspace just joined.
  const joined = (useLocation().state as { joined?: string } | null)?.joined;
  const [platform, setPlatform] = useState<'all' | Platform>('all');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const query = {
    ...(platform === 'all' ? {} : { platform }),
    limit: pageSize,
    offset: (page - 1) * pageSize,
    pendingOnly: true,
  };
  const comments = useComments('queue', query);
  const total = comments.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));

  useEffect(() => {
    if (comments.data && page > pages) setPage(pages);
  }, [comments.data, page, pages]);

  const s = stats.data;
  const list = comments.data?.comments ?? [];
  const empty = !!comments.data && total === 0;
  const accounts = useSocialAccounts(empty);
  const firstRun = empty && accounts.data?.length === 0;

  return (
    <>
      <div className="cg-page-head">
        <Heading level={1} className="cg-page-title">Dashboard</Heading>
      </div>
      {joined && <Alert variation="success" hasIcon role="status" marginBottom="1rem">{TEXT.joinedWorkspace(joined)}</Alert>}
      {stats.isError && <QueryError error={stats.error} what="the statistics" onRetry={() => void stats.refetch()} />}
      <section className="cg-stats" aria-label="Statistics">
        <StatCard label="Facebook Comments" value={(s?.facebookComments ?? 0).toLocaleString()} icon="f" />
        <StatCard label="Instagram Comments" value={(s?.instagramComments ?? 0).toLocaleString()} icon="ig" />
        <StatCard label="Auto Replies Sent" value={(s?.autoReplies ?? 0).toLocaleString()} icon="↩" />
        <StatCard label="Comments Deleted" value={(s?.deletedComments ?? 0).toLocaleString()} icon="✕" />
      </section>

      <Card variation="outlined" className="cg-card" as="section" aria-labelledby="queue-title">
        <Flex justifyContent="space-between" alignItems="flex-end" wrap="wrap" gap="0.75rem" marginBottom="1rem">
          <div>
            <Heading level={2} id="queue-title" className="cg-section-title">Comments Queue</Heading>
            <Text className="cg-muted cg-small" aria-live="polite">{total.toLocaleString()} {total === 1 ? 'comment' : 'comments'} awaiting review</Text>
          </div>
          <SelectField
            label="Platform"
            size="small"
            className="cg-field-inline"
            value={platform}
            onChange={(e) => {
              setPlatform(e.target.value as 'all' | Platform);
              setPage(1);
            }}
          >
            <option value="all">All Platforms</option>
            <option value="facebook">Facebook</option>
            <option value="instagram">Instagram</option>
          </SelectField>
        </Flex>

        <NewCommentsBar onShow={() => setPage(1)} />
        {comments.isLoading ? (
          <Flex direction="column" gap="0.75rem" aria-busy="true" aria-label="Loading comments">
            <Placeholder size="large" />
            <Placeholder size="large" />
            <Placeholder size="large" />
          </Flex>
        ) : comments.isError && !comments.data ? (
          <QueryError error={comments.error} what="the comments queue" onRetry={() => void comments.refetch()} />
        ) : firstRun ? (
          <FirstRun />
        ) : list.length === 0 ? (
          <Text className="cg-empty">{TEXT.queueEmpty}</Text>
        ) : (
          <div className="cg-queue">
            {list.map((c) => (
              <CommentCard key={`${c.id}:${c.status}:${c.aiDecision?.suggestedReply ?? ''}`} comment={c} />
            ))}
          </div>
        )}

        <div className="cg-pager">
          <Flex alignItems="center" gap="0.75rem" wrap="wrap">
            <Text className="cg-small">Total: {total.toLocaleString()}</Text>
            <SelectField
              label="Per page"
              size="small"
              direction="row"
              alignItems="center"
              gap="0.5rem"
              value={String(pageSize)}
              onChange={(e) => {
                setPageSize(Number(e.target.value));
                setPage(1);
              }}
            >
              {PAGE_SIZES.map((n) => (
                <option key={n} value={n}>{n}</option>
              ))}
            </SelectField>
          </Flex>
          <Flex alignItems="center" gap="0.5rem">
            <Button size="small" onClick={() => setPage((p) => Math.max(1, p - 1))} isDisabled={page <= 1}>Previous</Button>
            <Text className="cg-small" aria-live="polite" data-testid="page-indicator">Page {page} of {pages}</Text>
            <Button size="small" onClick={() => setPage((p) => Math.min(pages, p + 1))} isDisabled={page >= pages}>Next</Button>
          </Flex>
        </div>
      </Card>
    </>
  );
}
