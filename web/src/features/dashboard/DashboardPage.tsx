import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Card, Flex, Heading, Placeholder, SelectField, Text } from '@aws-amplify/ui-react';
import { useLocation } from 'react-router';
import { TEXT, type Comment } from '@cg/shared';
import { useComments, useSocialAccounts, useStats } from '../../lib/queries';
import { useCan } from '../../lib/can';
import { StatCard } from '../../components/ui/StatCard';
import { QueryError } from '../../components/ui/QueryError';
import { NewCommentsBar } from '../../components/ui/NewCommentsBar';
import { CommentCard, type CardHandle } from './CommentCard';
import type { LeavingState } from './CommentActions';
import { BulkBar } from './BulkBar';
import { KeysDialog } from './KeysDialog';
import { NO_FILTERS, QueueFilters, filterParams, type QueueFilterValues } from './QueueFilters';
import { useQueueKeys, type QueueKey } from './useQueueKeys';
import { undoLast } from '../../lib/actions';
import { announce } from '../../lib/announce';
import { useDebounced } from '../../lib/useDebounced';
import { CommentDrawer } from '../comments/CommentDrawer';
import { IncidentBanner } from '../incidents/IncidentBanner';

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
  const [filters, setFilters] = useState<QueueFilterValues>(NO_FILTERS);
  const search = useDebounced(filters.search.trim(), 300);
  const params = useMemo(() => filterParams(filters, search), [filters, search]);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  // Keyset paging: cursors[i] continues after page i (page 1 has none); a change of filter or size starts again.
  const pagingKey = JSON.stringify([params, pageSize]);
  const [paging, setPaging] = useState({ key: pagingKey, page: 1, cursors: [] as (string | undefined)[] });
  const { page, cursors } = paging.key === pagingKey ? paging : { page: 1, cursors: [] };
  const cursor = page > 1 ? cursors[page - 1] : undefined;
  const query = { ...params, limit: pageSize, pendingOnly: true, ...(cursor ? { cursor } : { offset: (page - 1) * pageSize }) };
  const comments = useComments('queue', query);
  const total = comments.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  // The cursor continues after the page on screen only once its own answer is there (not the previous page's, kept while loading).
  const shownNext = comments.isPlaceholderData ? undefined : comments.data?.nextCursor;
  const goTo = (p: number) => setPaging({ key: pagingKey, page: p, cursors: p === page + 1 && shownNext ? Object.assign([...cursors], { [page]: shownNext }) : cursors });

  useEffect(() => {
    if (comments.data && page > pages) setPaging({ key: pagingKey, page: pages, cursors: [] });
  }, [comments.data, page, pages, pagingKey]);

  const s = stats.data;
  // Comments being acted on leave at once (the request follows; a failure brings them back). Once the
  // list was fetched again after the action, the server's answer decides (value: when it succeeded).
  const [leaving, setLeaving] = useState<ReadonlyMap<string, number | null>>(new Map());
  const all = comments.data?.comments;
  const list = useMemo(() => (all ?? []).filter((c) => !leaving.has(c.id)), [all, leaving]);
  const empty = !!comments.data && total === 0;
  const accounts = useSocialAccounts(empty);
  const firstRun = empty && accounts.data?.length === 0;
  const canBulk = useCan('bulkComments');

  const [focusedId, setFocusedId] = useState<string | null>(null);
  const cards = useRef(new Map<string, CardHandle>());
  const wantFocus = useRef(false);
  const listRef = useRef(list);
  listRef.current = list;
  const focusedRef = useRef(focusedId);
  focusedRef.current = focusedId;
  const searchRef = useRef<HTMLInputElement>(null);
  const [keysOpen, setKeysOpen] = useState(false);
  const [drawer, setDrawer] = useState<Comment | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [allMatching, setAllMatching] = useState(false);

  const moveFocus = useCallback((id: string | null) => {
    setFocusedId(id);
    wantFocus.current = true;
  }, []);
  // Where the focus was asked to go; when that card is gone (or the list was empty), the card now at
  // the same place takes it once there is one.
  const focusIndex = useRef(0);
  useEffect(() => {
    if (!wantFocus.current) return;
    const i = list.findIndex((c) => c.id === focusedId);
    if (i >= 0) focusIndex.current = i;
    const id = i >= 0 ? focusedId : list[Math.min(focusIndex.current, list.length - 1)]?.id;
    const card = id ? cards.current.get(id) : undefined;
    if (!card) return;
    wantFocus.current = false;
    if (id !== focusedId) setFocusedId(id!);
    card.focus();
  });

  const onLeaving = useCallback((id: string, state: LeavingState) => {
    if (state === 'start' && focusedRef.current === id) {
      const l = listRef.current;
      const i = l.findIndex((c) => c.id === id);
      const next = l[i + 1] ?? l[i - 1];
      focusIndex.current = Math.max(0, next ? l.indexOf(next) - (l.indexOf(next) > i ? 1 : 0) : i);
      moveFocus(next ? next.id : null);
    }
    setLeaving((prev) => {
      const n = new Map(prev);
      if (state === 'failed') n.delete(id);
      else n.set(id, state === 'done' ? Date.now() : null);
      return n;
    });
    if (state === 'failed') moveFocus(id);
  }, [moveFocus]);

  // An answer asked for after the action succeeded decides; an older one (still holding the comment) does not.
  const askedAt = comments.data?.startedAt ?? 0;
  useEffect(() => {
    if ([...leaving.values()].some((t) => t !== null && askedAt >= t)) {
      setLeaving((prev) => new Map([...prev].filter(([, t]) => t === null || askedAt < t)));
    }
  }, [askedAt, leaving]);

  const onFocusCard = useCallback((id: string) => setFocusedId(id), []);
  const onSelect = useCallback((id: string, on: boolean) => {
    setAllMatching(false);
    setSelected((prev) => {
      const n = new Set(prev);
      if (on) n.add(id);
      else n.delete(id);
      return n;
    });
  }, []);
  // One stable ref callback per card, so that a memoised card is not re-attached on every render.
  const refSetters = useRef(new Map<string, (h: CardHandle | null) => void>());
  const setCardRef = useCallback((id: string) => {
    let set = refSetters.current.get(id);
    if (!set) {
      set = (h: CardHandle | null) => {
        if (h) cards.current.set(id, h);
        else cards.current.delete(id);
      };
      refSetters.current.set(id, set);
    }
    return set;
  }, []);

  useQueueKeys((key: QueueKey) => {
    const l = listRef.current;
    const i = l.findIndex((c) => c.id === focusedRef.current);
    if (key === 'j' || key === 'k') {
      const next = key === 'j' ? l[Math.min(l.length - 1, i + 1)] : l[Math.max(0, i - 1)];
      if (next) moveFocus(next.id);
      return;
    }
    if (key === 'u') return void undoLast();
    if (key === '/') return searchRef.current?.focus();
    if (key === '?') return setKeysOpen(true);
    const target = l[i] ?? l[0];
    if (!target) return announce('The queue is empty.');
    if (i < 0) {
      focusedRef.current = target.id;
      moveFocus(target.id);
    }
    const command = ({ a: 'approve', r: 'reply', e: 'edit', h: 'hide', d: 'delete', x: 'dismiss' } as const)[key];
    cards.current.get(target.id)?.command(command);
  });

  const pageIds = list.map((c) => c.id);
  const tabbableId = focusedId && list.some((c) => c.id === focusedId) ? focusedId : list[0]?.id;

  return (
    <>
      <div className="cg-page-head">
        <Heading level={1} className="cg-page-title">Dashboard</Heading>
      </div>
      <IncidentBanner />
      {joined && <Alert variation="success" hasIcon role="status" marginBottom="1rem">{TEXT.joinedWorkspace(joined)}</Alert>}
      {stats.isError && <QueryError error={stats.error} what="the statistics" onRetry={() => void stats.refetch()} />}
      <section className="cg-stats" aria-label="Statistics">
        <StatCard label="Facebook Comments" value={(s?.facebookComments ?? 0).toLocaleString()} icon="f" />
        <StatCard label="Instagram Comments" value={(s?.instagramComments ?? 0).toLocaleString()} icon="ig" />
        <StatCard label="Auto Replies Sent" value={(s?.autoReplies ?? 0).toLocaleString()} icon="↩" />
        <StatCard label="Comments Deleted" value={(s?.deletedComments ?? 0).toLocaleString()} icon="✕" />
      </section>

      <Card variation="outlined" className="cg-card" as="section" aria-labelledby="queue-title">
        <Flex justifyContent="space-between" alignItems="flex-end" wrap="wrap" gap="0.75rem" marginBottom="0.75rem">
          <div>
            <Heading level={2} id="queue-title" className="cg-section-title">Comments Queue</Heading>
            <Text className="cg-muted cg-small" aria-live="polite">{total.toLocaleString()} {total === 1 ? 'comment' : 'comments'} awaiting review</Text>
          </div>
          <Button size="small" variation="link" onClick={() => setKeysOpen(true)} aria-keyshortcuts="?">Keyboard shortcuts (?)</Button>
        </Flex>
        <QueueFilters ref={searchRef} value={filters} onChange={(f) => { setFilters(f); setSelected(new Set()); setAllMatching(false); }} />
        {canBulk && !!comments.data && !firstRun && (
          <BulkBar
            pageIds={pageIds}
            selected={selected}
            allMatching={allMatching}
            total={total}
            filter={params}
            onSelectPage={(on) => { setAllMatching(false); setSelected(on ? new Set(pageIds) : new Set()); }}
            onSelectAllMatching={() => setAllMatching(true)}
            onClear={() => { setSelected(new Set()); setAllMatching(false); }}
          />
        )}

        <NewCommentsBar onShow={() => goTo(1)} />
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
          <div className="cg-queue" role="feed" aria-labelledby="queue-title" aria-busy={comments.isFetching}>
            {list.map((c) => (
              <CommentCard
                key={c.id}
                ref={setCardRef(c.id)}
                comment={c}
                tabbable={c.id === tabbableId}
                onFocusCard={onFocusCard}
                selected={allMatching || selected.has(c.id)}
                onSelect={canBulk ? onSelect : undefined}
                onLeaving={onLeaving}
                onHistory={setDrawer}
              />
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
              onChange={(e) => setPageSize(Number(e.target.value))}
            >
              {PAGE_SIZES.map((n) => (
                <option key={n} value={n}>{n}</option>
              ))}
            </SelectField>
          </Flex>
          <Flex alignItems="center" gap="0.5rem">
            <Button size="small" onClick={() => goTo(Math.max(1, page - 1))} isDisabled={page <= 1}>Previous</Button>
            <Text className="cg-small" aria-live="polite" data-testid="page-indicator">Page {page} of {pages}</Text>
            <Button size="small" onClick={() => goTo(Math.min(pages, page + 1))} isDisabled={page >= pages}>Next</Button>
          </Flex>
        </div>
      </Card>
      <KeysDialog open={keysOpen} onClose={() => setKeysOpen(false)} />
      {drawer && <CommentDrawer comment={list.find((c) => c.id === drawer.id) ?? drawer} onClose={() => setDrawer(null)} />}
    </>
  );
}
