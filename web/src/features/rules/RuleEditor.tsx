/** The rule editor: name, brand, mode, conditions (all must hold) and the action; the server's message on a refusal. */
import { useState } from 'react';
import { Alert, Button, Card, Flex, Heading, SelectField, TextField } from '@aws-amplify/ui-react';
import { COMMENT_CATEGORIES, PLACEMENTS, RULE_MODES, SENTIMENTS, type Action, type Condition, type Rule, type RuleInput } from '@cg/shared';
import { errorMessage } from '../../lib/api';
import { useBrands, useSavedReplies, useSaveRule } from '../../lib/rules';

export const CONDITION_LABELS: Record<Condition['type'], string> = {
  keyword: 'Has words or phrases', regex: 'Matches a pattern (regex)', link: 'Has a link', phone: 'Has a phone number', email: 'Has an email address',
  emoji_only: 'Only emoji', mention: 'Mentions someone', repeat_offender: 'Author is a repeat offender', first_time_commenter: 'Author comments for the first time',
  category: 'AI category', sentiment: 'AI sentiment', language: 'Language', placement: 'Where it was posted', post: 'On one post',
};
export const ACTION_LABELS: Record<Action['type'], string> = {
  hide: 'Hide', delete: 'Delete', reply: 'Reply', private_reply: 'Private reply', flag: 'Flag for review', assign: 'Assign to a member', notify: 'Notify',
};

const list = (s: string) => s.split(',').map((x) => x.trim()).filter(Boolean);

function defaultCondition(type: Condition['type']): Condition {
  switch (type) {
    case 'keyword': return { type, values: [] };
    case 'regex': return { type, pattern: '' };
    case 'repeat_offender': return { type, count: 2, days: 30 };
    case 'category': return { type, category: 'spam', minConfidence: 70 };
    case 'sentiment': return { type, sentiment: 'negative', minConfidence: 70 };
    case 'language': return { type, languages: ['en'] };
    case 'placement': return { type, placement: 'ad' };
    case 'post': return { type, postId: '' };
    default: return { type } as Condition;
  }
}

function defaultAction(type: Action['type']): Action {
  switch (type) {
    case 'reply': return { type, savedReplyId: '' };
    case 'private_reply': return { type, savedReplyId: '' };
    case 'flag': return { type, label: 'review' };
    case 'assign': return { type, memberId: '' };
    default: return { type } as Action;
  }
}

function ConditionFields({ c, onChange }: { c: Condition; onChange: (c: Condition) => void }) {
  switch (c.type) {
    case 'keyword':
      return <TextField label="Words or phrases (comma-separated)" value={c.values.join(', ')} onChange={(e) => onChange({ ...c, values: list(e.target.value) })} />;
    case 'regex':
      return <TextField label="Pattern" value={c.pattern} onChange={(e) => onChange({ ...c, pattern: e.target.value })} />;
    case 'link':
      return (
        <Flex gap="0.5rem" wrap="wrap">
          <TextField label="Domains (comma-separated; empty: any link)" value={(c.domains ?? []).join(', ')} onChange={(e) => { const d = list(e.target.value); onChange(d.length ? { ...c, domains: d, match: c.match ?? 'deny' } : { type: 'link' }); }} />
          {c.domains?.length ? (
            <SelectField label="Which links" value={c.match ?? 'deny'} onChange={(e) => onChange({ ...c, match: e.target.value as 'deny' | 'allow' })}>
              <option value="deny">to these domains</option>
              <option value="allow">to any other domain</option>
            </SelectField>
          ) : null}
        </Flex>
      );
    case 'repeat_offender':
      return (
        <Flex gap="0.5rem">
          <TextField label="Hidden or deleted at least" type="number" value={String(c.count)} onChange={(e) => onChange({ ...c, count: Number(e.target.value) })} />
          <TextField label="In the last days" type="number" value={String(c.days)} onChange={(e) => onChange({ ...c, days: Number(e.target.value) })} />
        </Flex>
      );
    case 'category':
      return (
        <Flex gap="0.5rem">
          <SelectField label="Category" value={c.category} onChange={(e) => onChange({ ...c, category: e.target.value as typeof c.category })}>
            {COMMENT_CATEGORIES.map((x) => <option key={x} value={x}>{x}</option>)}
          </SelectField>
          <TextField label="Confidence at least (%)" type="number" value={String(c.minConfidence)} onChange={(e) => onChange({ ...c, minConfidence: Number(e.target.value) })} />
        </Flex>
      );
    case 'sentiment':
      return (
        <Flex gap="0.5rem">
          <SelectField label="Sentiment" value={c.sentiment} onChange={(e) => onChange({ ...c, sentiment: e.target.value as typeof c.sentiment })}>
            {SENTIMENTS.map((x) => <option key={x} value={x}>{x}</option>)}
          </SelectField>
          <TextField label="Confidence at least (%)" type="number" value={String(c.minConfidence)} onChange={(e) => onChange({ ...c, minConfidence: Number(e.target.value) })} />
        </Flex>
      );
    case 'language':
      return <TextField label="Language codes (comma-separated, e.g. en, pt)" value={c.languages.join(', ')} onChange={(e) => onChange({ ...c, languages: list(e.target.value) })} />;
    case 'placement':
      return (
        <SelectField label="Posted on" value={c.placement} onChange={(e) => onChange({ ...c, placement: e.target.value as typeof c.placement })}>
          {PLACEMENTS.map((x) => <option key={x} value={x}>{x === 'organic' ? 'organic posts' : x === 'ad' ? 'ads and dark posts' : 'dark posts'}</option>)}
        </SelectField>
      );
    case 'post':
      return <TextField label="Post id" value={c.postId} onChange={(e) => onChange({ ...c, postId: e.target.value })} />;
    default:
      return null;
  }
}

function ActionFields({ a, onChange }: { a: Action; onChange: (a: Action) => void }) {
  const saved = useSavedReplies(a.type === 'reply' || a.type === 'private_reply');
  if (a.type === 'reply' || a.type === 'private_reply') {
    const value = a.type === 'reply' && a.knowledgeBase ? '__kb' : a.savedReplyId ?? '';
    return (
      <SelectField label="Send" value={value} onChange={(e) => onChange(e.target.value === '__kb' && a.type === 'reply' ? { type: 'reply', knowledgeBase: true } : { type: a.type, savedReplyId: e.target.value })}>
        <option value="">Choose a saved reply…</option>
        {(saved.data ?? []).map((r) => <option key={r.id} value={r.id}>{r.name} ({r.language})</option>)}
        {a.type === 'reply' && <option value="__kb">The AI's answer from the knowledge base</option>}
      </SelectField>
    );
  }
  if (a.type === 'flag') return <TextField label="Label" value={a.label} onChange={(e) => onChange({ ...a, label: e.target.value })} />;
  if (a.type === 'assign') return <TextField label="Member (user id)" value={a.memberId} onChange={(e) => onChange({ ...a, memberId: e.target.value })} />;
  return null;
}

export function RuleEditor({ rule, onClose }: { rule: Rule | null; onClose: () => void }) {
  const [draft, setDraft] = useState<RuleInput>(() => rule
    ? { name: rule.name, brandId: rule.brandId, mode: rule.mode, conditions: rule.conditions, action: rule.action }
    : { name: '', brandId: null, mode: 'shadow', conditions: [{ type: 'link' }], action: { type: 'hide' } });
  const brands = useBrands();
  const save = useSaveRule();
  const setCondition = (i: number, c: Condition) => setDraft({ ...draft, conditions: draft.conditions.map((x, j) => (j === i ? c : x)) });

  return (
    <Card variation="outlined" className="cg-panel" data-testid="rule-editor">
      <form onSubmit={(e) => { e.preventDefault(); save.mutate({ id: rule?.id, rule: draft }, { onSuccess: onClose }); }}>
        <Heading level={3} className="cg-panel-title">{rule ? `Edit rule “${rule.name}”` : 'New rule'}</Heading>
        <Flex direction="column" gap="0.75rem">
          <TextField label="Name (shown as the reason of every action)" value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} isRequired />
          <Flex gap="0.5rem" wrap="wrap">
            <SelectField label="Brand" value={draft.brandId ?? ''} onChange={(e) => setDraft({ ...draft, brandId: e.target.value || null })}>
              <option value="">Every brand</option>
              {(brands.data ?? []).map((b) => <option key={b.id} value={b.id}>{b.name}</option>)}
            </SelectField>
            <SelectField label="Mode" value={draft.mode} onChange={(e) => setDraft({ ...draft, mode: e.target.value as RuleInput['mode'] })}>
              {RULE_MODES.map((m) => <option key={m} value={m}>{m === 'shadow' ? 'shadow (log only)' : m}</option>)}
            </SelectField>
          </Flex>
          <fieldset className="cg-fieldset">
            <legend>When all of these hold</legend>
            {draft.conditions.map((c, i) => (
              <Flex key={i} gap="0.5rem" alignItems="flex-end" wrap="wrap" marginBottom="0.5rem" data-testid="rule-condition">
                <SelectField label={`Condition ${i + 1}`} value={c.type} onChange={(e) => setCondition(i, defaultCondition(e.target.value as Condition['type']))}>
                  {Object.entries(CONDITION_LABELS).map(([t, l]) => <option key={t} value={t}>{l}</option>)}
                </SelectField>
                <ConditionFields c={c} onChange={(x) => setCondition(i, x)} />
                {draft.conditions.length > 1 && (
                  <Button size="small" onClick={() => setDraft({ ...draft, conditions: draft.conditions.filter((_, j) => j !== i) })}>Remove</Button>
                )}
              </Flex>
            ))}
            <Button size="small" onClick={() => setDraft({ ...draft, conditions: [...draft.conditions, { type: 'keyword', values: [] }] })}>Add condition</Button>
          </fieldset>
          <Flex gap="0.5rem" wrap="wrap" alignItems="flex-end">
            <SelectField label="Then" value={draft.action.type} onChange={(e) => setDraft({ ...draft, action: defaultAction(e.target.value as Action['type']) })}>
              {Object.entries(ACTION_LABELS).map(([t, l]) => <option key={t} value={t}>{l}</option>)}
            </SelectField>
            <ActionFields a={draft.action} onChange={(action) => setDraft({ ...draft, action })} />
          </Flex>
          {save.isError && <Alert variation="error" role="alert">{errorMessage(save.error, 'Could not save the rule.')}</Alert>}
          <Flex gap="0.5rem">
            <Button type="submit" variation="primary" size="small" isLoading={save.isPending} loadingText="Saving...">Save rule</Button>
            <Button size="small" onClick={onClose}>Cancel</Button>
          </Flex>
        </Flex>
      </form>
    </Card>
  );
}
