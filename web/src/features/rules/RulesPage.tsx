/**
 * Rules (issue 11): the workspace's rules in order with their mode, the editor, a backtest per rule
 * (what it would have matched, and how many of those moderators had kept), the Automation log with
 * bulk undo, and the saved replies rules and moderators send.
 */
import { useState } from 'react';
import { Alert, Badge, Button, Card, Flex, Heading, Placeholder, SelectField, Table, TableBody, TableCell, TableHead, TableRow, Text, TextField } from '@aws-amplify/ui-react';
import { RULE_MODES, type BacktestResult, type Condition, type Rule } from '@cg/shared';
import { errorMessage } from '../../lib/api';
import { useCan } from '../../lib/can';
import { useAutomationLog, useBacktest, useDeleteRule, useRules, useSaveRule, useUndoAutomation } from '../../lib/rules';
import { QueryError } from '../../components/ui/QueryError';
import { ACTION_LABELS, CONDITION_LABELS, RuleEditor } from './RuleEditor';
import { SavedRepliesSection } from './SavedRepliesSection';

const timeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function describeCondition(c: Condition): string {
  switch (c.type) {
    case 'keyword': return `words: ${c.values.join(', ')}`;
    case 'regex': return `pattern /${c.pattern}/`;
    case 'link': return c.domains?.length ? `link ${c.match === 'allow' ? 'not to' : 'to'} ${c.domains.join(', ')}` : 'has a link';
    case 'repeat_offender': return `author had ${c.count}+ hidden or deleted in ${c.days} days`;
    case 'category': return `AI category ${c.category} ≥ ${c.minConfidence}%`;
    case 'sentiment': return `AI sentiment ${c.sentiment} ≥ ${c.minConfidence}%`;
    case 'language': return `language ${c.languages.join(', ')}`;
    case 'placement': return `on ${c.placement.replace('_', ' ')}`;
    case 'post': return `on post ${c.postId}`;
    default: return CONDITION_LABELS[c.type].toLowerCase();
  }
}

function BacktestPanel({ rule }: { rule: Rule }) {
  const [days, setDays] = useState(30);
  const test = useBacktest();
  const r: BacktestResult | undefined = test.data;
  return (
    <Flex direction="column" gap="0.5rem" className="cg-backtest">
      <form onSubmit={(e) => { e.preventDefault(); test.mutate({ id: rule.id, days }); }}>
        <Flex gap="0.5rem" alignItems="flex-end">
          <TextField label="Days of history" type="number" size="small" width="8rem" value={String(days)} onChange={(e) => setDays(Number(e.target.value))} />
          <Button type="submit" size="small" isLoading={test.isPending} loadingText="Testing...">Backtest</Button>
        </Flex>
      </form>
      {test.isError && <Alert variation="error" role="alert">{errorMessage(test.error, 'The backtest failed. Please try again.')}</Alert>}
      {r && (
        <div data-testid="backtest-result" role="status">
          <Text className="cg-small">
            Over the last {r.days} days ({r.scanned.toLocaleString()} comments{r.truncated ? ', the most recent only' : ''}), “{rule.name}” would have matched{' '}
            <strong>{r.matched.toLocaleString()}</strong> ({Object.entries(r.byAction).map(([a, n]) => `${ACTION_LABELS[a as keyof typeof ACTION_LABELS] ?? a}: ${n}`).join(', ') || 'none'}).
          </Text>
          {r.matched > 0 && (
            <Text className={r.kept > 0 ? 'cg-small cg-error-text' : 'cg-small'}>
              Moderators had kept {r.kept} of them{r.kept > 0 ? ': the rule may remove comments people wanted to keep.' : '.'}
            </Text>
          )}
          {r.examples.length > 0 && (
            <ul className="cg-backtest-examples">
              {r.examples.map((e) => (
                <li key={e.commentId} className="cg-small">
                  <strong>{e.authorName}</strong>: “{e.content}” {e.kept && <Badge size="small" variation="warning">kept by a moderator</Badge>}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </Flex>
  );
}

const inputOf = (r: Rule, over: Partial<Rule> = {}) => ({ name: r.name, brandId: r.brandId, mode: r.mode, conditions: r.conditions, action: r.action, order: r.order, ...over });

function RuleRow({ rule, onEdit, canManage, onMove }: { rule: Rule; onEdit: () => void; canManage: boolean; onMove: (by: -1 | 1) => void }) {
  const save = useSaveRule();
  const remove = useDeleteRule();
  const [testing, setTesting] = useState(false);
  const setMode = (mode: Rule['mode']) => save.mutate({ id: rule.id, rule: inputOf(rule, { mode }) });
  return (
    <li className="cg-rule" data-testid="rule-row">
      <Flex justifyContent="space-between" alignItems="flex-start" gap="1rem" wrap="wrap">
        <div>
          <Text fontWeight="600">{rule.name}</Text>
          <Text className="cg-small cg-muted">
            When {rule.conditions.map(describeCondition).join(' and ')} → {ACTION_LABELS[rule.action.type]}{rule.action.type === 'flag' ? ` “${rule.action.label}”` : ''}
          </Text>
        </div>
        <Flex gap="0.5rem" alignItems="flex-end" wrap="wrap">
          <SelectField label={`Mode of ${rule.name}`} labelHidden size="small" value={rule.mode} isDisabled={!canManage || save.isPending} onChange={(e) => setMode(e.target.value as Rule['mode'])}>
            {RULE_MODES.map((m) => <option key={m} value={m}>{m === 'shadow' ? 'Shadow (log only)' : m === 'on' ? 'On' : 'Off'}</option>)}
          </SelectField>
          {canManage && <Button size="small" onClick={() => onMove(-1)} aria-label={`Move ${rule.name} up`}>↑</Button>}
          {canManage && <Button size="small" onClick={() => onMove(1)} aria-label={`Move ${rule.name} down`}>↓</Button>}
          {canManage && <Button size="small" onClick={() => setTesting(!testing)} aria-expanded={testing}>Backtest…</Button>}
          {canManage && <Button size="small" onClick={onEdit}>Edit</Button>}
          {canManage && <Button size="small" onClick={() => { if (window.confirm(`Delete the rule “${rule.name}”?`)) remove.mutate(rule.id); }} isLoading={remove.isPending}>Delete</Button>}
        </Flex>
      </Flex>
      {(save.isError || remove.isError) && <Alert variation="error" role="alert">{errorMessage(save.error ?? remove.error, 'Could not change the rule.')}</Alert>}
      {testing && <BacktestPanel rule={rule} />}
    </li>
  );
}

function RulesSection() {
  const rules = useRules();
  const canManage = useCan('createRule');
  const [editing, setEditing] = useState<Rule | 'new' | null>(null);
  const save = useSaveRule();
  /** Swaps a rule's place with its neighbour's (rules run in this order). */
  async function move(i: number, by: -1 | 1) {
    const list = rules.data ?? [];
    const a = list[i];
    const b = list[i + by];
    if (!a || !b) return;
    const [oa, ob] = a.order === b.order ? [i + by, i] : [b.order, a.order];
    await save.mutateAsync({ id: a.id, rule: inputOf(a, { order: oa }) });
    await save.mutateAsync({ id: b.id, rule: inputOf(b, { order: ob }) });
  }
  let content;
  if (rules.isLoading) content = <Placeholder size="large" aria-label="Loading the rules" />;
  else if (rules.isError) content = <QueryError error={rules.error} what="the rules" onRetry={() => void rules.refetch()} />;
  else if (!rules.data?.length) content = <Text className="cg-muted cg-small">No rules yet. A rule hides, deletes, answers or flags new comments for you; start it in shadow mode to see what it would do.</Text>;
  else content = <ol className="cg-rules">{rules.data.map((r, i) => <RuleRow key={r.id} rule={r} canManage={canManage} onEdit={() => setEditing(r)} onMove={(by) => void move(i, by).catch(() => undefined)} />)}</ol>;
  return (
    <Card variation="outlined" className="cg-panel">
      <Flex justifyContent="space-between" alignItems="center">
        <Heading level={2} className="cg-panel-title">Rules</Heading>
        {canManage && !editing && <Button size="small" variation="primary" onClick={() => setEditing('new')}>New rule</Button>}
      </Flex>
      <Text className="cg-small cg-muted">Rules run in this order on every new comment. On: acts. Shadow: only logs what it would do. Off: does nothing.</Text>
      {save.isError && <Alert variation="error" role="alert">{errorMessage(save.error, 'Could not move the rule.')}</Alert>}
      {editing && <RuleEditor key={editing === 'new' ? 'new' : editing.id} rule={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {content}
    </Card>
  );
}

function AutomationLogSection() {
  const log = useAutomationLog();
  const undo = useUndoAutomation();
  const canUndo = useCan('undoAutomation');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const entries = log.data?.pages.flatMap((p) => p.entries) ?? [];
  const undoable = (e: (typeof entries)[number]) => e.outcome === 'done' && e.undoable && !e.undoneAt;
  const toggle = (id: string) => setSelected((s) => { const n = new Set(s); if (n.has(id)) n.delete(id); else n.add(id); return n; });
  const refused = undo.data?.results.filter((r) => !r.ok) ?? [];
  let content;
  if (log.isLoading) content = <Placeholder size="large" aria-label="Loading the Automation log" />;
  else if (log.isError && !log.isFetchNextPageError) content = <QueryError error={log.error} what="the Automation log" onRetry={() => void log.refetch()} />;
  else if (!entries.length) content = <Text className="cg-muted cg-small">Nothing automatic has happened yet.</Text>;
  else content = (
    <>
      <div className="cg-table-wrap">
        <Table size="small" variation="striped" aria-label="Automation log">
          <TableHead>
            <TableRow>
              <TableCell as="th"><span className="cg-sr-only">Select</span></TableCell>
              <TableCell as="th">Time</TableCell>
              <TableCell as="th">Reason</TableCell>
              <TableCell as="th">Action</TableCell>
              <TableCell as="th">Comment</TableCell>
              <TableCell as="th">Result</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {entries.map((e) => (
              <TableRow key={e.id} data-testid="automation-row">
                <TableCell>
                  {canUndo && undoable(e) && <input type="checkbox" aria-label={`Select ${ACTION_LABELS[e.action.type]} of ${e.authorName}'s comment`} checked={selected.has(e.id)} onChange={() => toggle(e.id)} />}
                </TableCell>
                <TableCell><time dateTime={e.at}>{timeFormat.format(new Date(e.at))}</time></TableCell>
                <TableCell>{e.reason}</TableCell>
                <TableCell>{ACTION_LABELS[e.action.type]}</TableCell>
                <TableCell><strong>{e.authorName}</strong>: {e.excerpt}</TableCell>
                <TableCell>
                  {e.undoneAt ? `Undone${e.undoneBy ? ` by ${e.undoneBy}` : ''}` : e.outcome === 'shadow' ? 'Would have (shadow)' : e.outcome === 'failed' ? `Failed: ${e.error ?? ''}` : e.action.type === 'delete' ? 'Done (cannot be undone)' : 'Done'}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      {log.hasNextPage && (
        <Flex justifyContent="center" marginTop="0.75rem">
          <Button size="small" onClick={() => void log.fetchNextPage()} isDisabled={log.isFetchingNextPage}>{log.isFetchingNextPage ? 'Loading...' : 'Load more'}</Button>
        </Flex>
      )}
    </>
  );
  return (
    <Card variation="outlined" className="cg-panel">
      <Flex justifyContent="space-between" alignItems="center">
        <Heading level={2} className="cg-panel-title">Automation log</Heading>
        {canUndo && (
          <Button size="small" isDisabled={!selected.size} isLoading={undo.isPending} loadingText="Undoing..." onClick={() => undo.mutate([...selected], { onSuccess: () => setSelected(new Set()) })}>
            Undo selected{selected.size ? ` (${selected.size})` : ''}
          </Button>
        )}
      </Flex>
      {undo.isError && <Alert variation="error" role="alert">{errorMessage(undo.error, 'Undo failed. Please try again.')}</Alert>}
      {refused.length > 0 && <Alert variation="warning" role="alert">{refused.map((r) => r.message).join(' ')}</Alert>}
      {content}
    </Card>
  );
}

export default function RulesPage() {
  return (
    <Flex direction="column" gap="1rem">
      <Heading level={1}>Rules &amp; automation</Heading>
      <RulesSection />
      <AutomationLogSection />
      <SavedRepliesSection />
    </Flex>
  );
}
