import { useState } from 'react';
import { Button, Loader, Text } from '@aws-amplify/ui-react';
import { ACTION_TEXT } from '@cg/shared';
import { bulkSummary, useBulk, type BulkAction } from '../../lib/actions';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';

/** The server acts on at most this many comments matching a filter. */
export const BULK_FILTER_MAX = 1000;
const VERB: Record<BulkAction, string> = { approve: 'Approve', hide: 'Hide', delete: 'Delete', dismiss: 'Dismiss' };

interface Props {
  pageIds: string[];
  selected: Set<string>;
  /** Everything matching the filters is selected (not only the ids). */
  allMatching: boolean;
  total: number;
  filter: Record<string, string>;
  onSelectPage: (on: boolean) => void;
  onSelectAllMatching: () => void;
  onClear: () => void;
  /** The server selects by filter among queue comments only: All Comments selects by ids. */
  allowAllMatching?: boolean;
}

/** Select some, the page or everything matching, then act on them all with one confirmation naming the count. */
export function BulkBar({ pageIds, selected, allMatching, total, filter, onSelectPage, onSelectAllMatching, onClear, allowAllMatching = true }: Props) {
  const bulk = useBulk();
  const [asking, setAsking] = useState<BulkAction | null>(null);
  const [result, setResult] = useState<string | null>(null);
  const count = allMatching ? Math.min(total, BULK_FILTER_MAX) : selected.size;
  const pageSelected = pageIds.length > 0 && pageIds.every((id) => selected.has(id));

  function go(action: BulkAction) {
    const target = allMatching ? { filter } : { ids: [...selected] };
    setResult(null);
    bulk.mutate({ action, target }, {
      onSuccess: (r) => {
        setResult(bulkSummary(r));
        onClear();
      },
      onSettled: () => setAsking(null),
    });
  }

  return (
    <div className="cg-bulk-bar" role="region" aria-label="Bulk actions" data-testid="bulk-bar">
      <label className="cg-small cg-select-page">
        <input type="checkbox" className="cg-select" disabled={pageIds.length === 0} checked={pageSelected || allMatching} onChange={(e) => onSelectPage(e.target.checked)} /> Select page
      </label>
      {count > 0 && <Text className="cg-small" data-testid="bulk-count">{count.toLocaleString()} selected</Text>}
      {allowAllMatching && pageSelected && !allMatching && total > pageIds.length && (
        <Button size="small" variation="link" onClick={onSelectAllMatching}>Select all {Math.min(total, BULK_FILTER_MAX).toLocaleString()} matching</Button>
      )}
      {count > 0 && (
        <>
          {(Object.keys(VERB) as BulkAction[]).map((a) => (
            <Button key={a} size="small" colorTheme={a === 'delete' ? 'error' : undefined} onClick={() => setAsking(a)} isDisabled={bulk.isPending}>
              {VERB[a]} selected
            </Button>
          ))}
          <Button size="small" variation="link" onClick={onClear} isDisabled={bulk.isPending}>Clear selection</Button>
        </>
      )}
      {bulk.isPending && <Text className="cg-small" role="status"><Loader size="small" aria-hidden="true" /> Working on {count.toLocaleString()} comments…</Text>}
      {result && !bulk.isPending && <Text className="cg-small" role="status" data-testid="bulk-result">{result}</Text>}
      <ConfirmDialog
        open={asking !== null}
        title={asking ? ACTION_TEXT.bulkTitle(VERB[asking], count) : ''}
        message={asking ? ACTION_TEXT.bulkMessage(VERB[asking], count, asking === 'delete') : ''}
        confirmLabel={asking ? `${VERB[asking]} ${count.toLocaleString()}` : ''}
        busyLabel="Working..."
        busy={bulk.isPending}
        destructive={asking === 'delete'}
        onConfirm={() => asking && go(asking)}
        onCancel={() => setAsking(null)}
      />
    </div>
  );
}
