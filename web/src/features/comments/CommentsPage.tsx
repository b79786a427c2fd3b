import { useState } from 'react';
import {
  Badge, Button, Card, Flex, Grid, Heading, Pagination, Placeholder, SelectField, Table, TableBody, TableCell, TableHead, TableRow, Text, TextField,
} from '@aws-amplify/ui-react';
import { COMMENT_STATUSES, MAX_COMMENTS_OFFSET, TEXT, type Comment } from '@cg/shared';
import { useComments } from '../../lib/queries';
import { relativeTime } from '../../lib/time';
import { ProgressBar } from '../../components/ui/ProgressBar';
import { AuthorAvatar, DecisionBadge, PlatformBadge, StatusBadge } from '../../components/ui/CommentBits';
import { QueryError } from '../../components/ui/QueryError';
import { useDebounced } from '../../lib/useDebounced';
import { NO_FILTERS, QueueFilters, filterParams, type QueueFilterValues } from '../dashboard/QueueFilters';
import { CommentDrawer } from './CommentDrawer';
import { BulkBar } from '../dashboard/BulkBar';
import { useCan } from '../../lib/can';
import { NewCommentsBar } from '../../components/ui/NewCommentsBar';

export const ALL_COMMENTS_PAGE_SIZE = 25;
/** The columns and their share of the width: the table fits its container at any desktop width (issue 12). */
const COLUMNS = [
  ['Author', '15%'], ['Content', '25%'], ['Platform', '10%'], ['AI Decision', '10%'], ['App Reply', '16%'], ['Status', '9%'], ['Confidence', '7.5%'], ['Created', '7.5%'],
] as const;
const EMPTY = { search: '', status: 'all', sentiment: 'all', platform: 'all', more: NO_FILTERS as QueueFilterValues };
const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);

function AppReply({ c }: { c: Comment }) {
  const reply = c.aiDecision?.suggestedReply;
  if (c.status === 'replied' && reply) {
    return (
      <Text className="cg-small cg-reply-text">
        <strong>App Reply:</strong> {reply}
      </Text>
    );
  }
  if (c.status === 'deleted') return <Badge size="small" variation="error">Comment Deleted</Badge>;
  if (reply) return <Text className="cg-small cg-muted cg-reply-text cg-truncate">{reply}</Text>;
  return <Text as="span" className="cg-small cg-muted">No reply</Text>;
}

export default function CommentsPage() {
  const [filters, setFilters] = useState(EMPTY);
  const typed = filters.search.trim();
  const debounced = useDebounced(typed, 300);
  const search = typed === '' ? '' : debounced;
  // The page belongs to one combination of filters: any change of filter starts again at page 1.
  const more = filterParams(filters.more, '');
  const filterKey = JSON.stringify([search, filters.status, filters.sentiment, filters.platform, more]);
  const [open, setOpen] = useState<Comment | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const canBulk = useCan('bulkComments');
  // Keyset paging: cursors[i] continues after page i (the server refuses offsets past MAX_OFFSET); page numbers within it use the offset.
  const [paging, setPaging] = useState({ key: filterKey, page: 1, cursors: [] as (string | undefined)[] });
  const { page, cursors } = paging.key === filterKey ? paging : { page: 1, cursors: [] as (string | undefined)[] };
  const cursor = page > 1 ? cursors[page - 1] : undefined;
  const query = {
    ...(filters.status !== 'all' ? { status: filters.status } : {}),
    ...(filters.sentiment !== 'all' ? { sentiment: filters.sentiment } : {}),
    ...(filters.platform !== 'all' ? { platform: filters.platform } : {}),
    ...(search ? { search } : {}),
    ...more,
    limit: ALL_COMMENTS_PAGE_SIZE,
    ...(cursor ? { cursor } : { offset: (page - 1) * ALL_COMMENTS_PAGE_SIZE }),
  };
  const q = useComments('all', query);
  // The cursor continues after the page on screen only once its own answer is there (not the previous page's, kept while loading).
  const shownNext = q.isPlaceholderData ? undefined : q.data?.nextCursor ?? undefined;
  const reachable = (n: number) => n === 1 || Boolean(cursors[n - 1]) || (n - 1) * ALL_COMMENTS_PAGE_SIZE <= MAX_COMMENTS_OFFSET || (n === page + 1 && Boolean(shownNext));
  const setPage = (next: number | ((p: number) => number)) => {
    const n = typeof next === 'function' ? next(page) : next;
    if (!reachable(n)) return;
    setPaging({ key: filterKey, page: n, cursors: n === page + 1 && shownNext ? Object.assign([...cursors], { [page]: shownNext }) : cursors });
  };
  const rows = q.data?.comments ?? [];
  const total = q.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / ALL_COMMENTS_PAGE_SIZE));

  const set = (k: 'search' | 'status' | 'sentiment' | 'platform') => (e: { target: { value: string } }) => setFilters((f) => ({ ...f, [k]: e.target.value }));

  return (
    <>
      <div className="cg-page-head">
        <Heading level={1} className="cg-page-title">All Comments</Heading>
        <Badge size="large" variation="info" aria-live="polite">{rows.length} of {total} comments</Badge>
      </div>

      <Card variation="outlined" className="cg-card" as="section" aria-labelledby="filters-title">
        <Heading level={2} id="filters-title" className="cg-section-title" marginBottom="1rem">Search &amp; Filters</Heading>
        <Grid templateColumns={{ base: '1fr', medium: '1fr 1fr', xl: 'repeat(3, minmax(0, 1fr)) auto' }} gap="0.75rem" alignItems="end">
          <TextField label="Search" type="search" placeholder={TEXT.searchPlaceholder} value={filters.search} onChange={set('search')} columnSpan={{ base: 1, medium: 2, xl: 4 }} />
          <SelectField label="Status" value={filters.status} onChange={set('status')}>
            <option value="all">All Statuses</option>
            {COMMENT_STATUSES.filter((s) => s !== 'processing').map((s) => <option key={s} value={s}>{cap(s)}</option>)}
          </SelectField>
          <SelectField label="Sentiment" value={filters.sentiment} onChange={set('sentiment')}>
            <option value="all">All Sentiments</option>
            <option value="positive">Positive</option>
            <option value="negative">Negative</option>
            <option value="neutral">Neutral</option>
          </SelectField>
          <SelectField label="Platform" value={filters.platform} onChange={set('platform')}>
            <option value="all">All Platforms</option>
            <option value="facebook">Facebook</option>
            <option value="instagram">Instagram</option>
          </SelectField>
          <Button onClick={() => setFilters(EMPTY)}>Clear Filters</Button>
        </Grid>
        <QueueFilters value={filters.more} onChange={(m) => setFilters((f) => ({ ...f, more: m }))} hide={['search', 'platform']} />
      </Card>

      <Card variation="outlined" className="cg-card" as="section" aria-labelledby="overview-title">
        <Heading level={2} id="overview-title" className="cg-section-title" marginBottom="1rem">Comments Overview</Heading>
        <NewCommentsBar onShow={() => setPage(1)} />
        {canBulk && rows.length > 0 && (
          <BulkBar
            pageIds={rows.map((c) => c.id)}
            selected={selected}
            allMatching={false}
            allowAllMatching={false}
            total={total}
            filter={{}}
            onSelectPage={(on) => setSelected(on ? new Set(rows.map((c) => c.id)) : new Set())}
            onSelectAllMatching={() => undefined}
            onClear={() => setSelected(new Set())}
          />
        )}
        {q.isLoading ? (
          <Flex direction="column" gap="0.5rem" aria-busy="true" aria-label="Loading comments">
            <Placeholder /><Placeholder /><Placeholder /><Placeholder />
          </Flex>
        ) : q.isError && !q.data ? (
          <QueryError error={q.error} what="the comments" onRetry={() => void q.refetch()} />
        ) : rows.length === 0 ? (
          <Text className="cg-empty">{TEXT.noCommentsMatch}</Text>
        ) : (
          <div className="cg-table-wrap">
            <Table size="small" highlightOnHover className="cg-table cg-table-fit" caption={<span className="cg-visually-hidden">Comments matching the filters</span>}>
              <colgroup>
                {COLUMNS.map(([h, w]) => <col key={h} style={{ width: w }} />)}
              </colgroup>
              <TableHead>
                <TableRow>
                  {COLUMNS.map(([h]) => (
                    <TableCell as="th" key={h} scope="col">{h}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((c) => (
                  <TableRow key={c.id} data-testid="comment-row">
                    <TableCell data-label="Author">
                      <Flex alignItems="center" gap="0.5rem">
                        {canBulk && (
                          <input
                            type="checkbox"
                            className="cg-select"
                            aria-label={`Select the comment by ${c.authorName}`}
                            checked={selected.has(c.id)}
                            onChange={(e) => setSelected((prev) => {
                              const n = new Set(prev);
                              if (e.target.checked) n.add(c.id);
                              else n.delete(c.id);
                              return n;
                            })}
                          />
                        )}
                        <AuthorAvatar comment={c} />
                        <div>
                          <Text fontWeight="600" className="cg-small">{c.authorName}</Text>
                          <Text className="cg-xsmall cg-muted">ID: {c.authorId}</Text>
                          <Button size="small" variation="link" padding="0" onClick={() => setOpen(c)} aria-label={`Details and actions: comment by ${c.authorName}`}>Details</Button>
                        </div>
                      </Flex>
                    </TableCell>
                    <TableCell data-label="Content">
                      <Text className="cg-small cg-truncate" title={c.content}>{c.content}</Text>
                      {(c.aiDecision?.isSpam || c.aiDecision?.isOffensive) && (
                        <div className="cg-badges">
                          {c.aiDecision?.isSpam && <Badge size="small" variation="warning">Spam</Badge>}
                          {c.aiDecision?.isOffensive && <Badge size="small" variation="error">Offensive</Badge>}
                        </div>
                      )}
                    </TableCell>
                    <TableCell data-label="Platform"><PlatformBadge platform={c.platform} /></TableCell>
                    <TableCell data-label="AI Decision"><DecisionBadge comment={c} /></TableCell>
                    <TableCell data-label="App Reply"><AppReply c={c} /></TableCell>
                    <TableCell data-label="Status"><StatusBadge status={c.status} /></TableCell>
                    <TableCell data-label="Confidence">
                      {c.aiDecision ? (
                        <div className="cg-conf">
                          <Text as="span" className="cg-small" id={`conf-${c.id}`}>{Math.round(c.aiDecision.confidence)}%</Text>
                          <ProgressBar value={c.aiDecision.confidence} labelledBy={`conf-${c.id}`} />
                        </div>
                      ) : (
                        <Text as="span" className="cg-small cg-muted">N/A</Text>
                      )}
                    </TableCell>
                    <TableCell data-label="Created">
                      <Text as="span" className="cg-small cg-muted">
                        <time dateTime={c.timestamp}>{relativeTime(c.timestamp)}</time>
                      </Text>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )}
        {pages > 1 && (
          <Flex justifyContent="center" marginTop="1rem">
            <Pagination
              currentPage={page}
              totalPages={pages}
              siblingCount={1}
              onNext={() => setPage((p) => Math.min(pages, p + 1))}
              onPrevious={() => setPage((p) => Math.max(1, p - 1))}
              onChange={(n) => n && setPage(n)}
            />
          </Flex>
        )}
      </Card>
      {open && <CommentDrawer comment={rows.find((c) => c.id === open.id) ?? open} onClose={() => setOpen(null)} />}
    </>
  );
}
