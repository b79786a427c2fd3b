/**
 * Settings → Brand voice & answers (issue 10 item 5): per brand (a connected Facebook page) how
 * replies sound (tone, sign-off, emoji, banned words, address, default language, facts) and the
 * knowledge base questions are answered from (add, edit, delete, CSV import). Owners and admins
 * change them; other roles see them read-only.
 */
import { useState, type FormEvent } from 'react';
import {
  Alert, Badge, Button, Flex, Grid, Heading, Placeholder, SelectField, SwitchField, Table, TableBody, TableCell, TableHead, TableRow, Text, TextAreaField, TextField,
} from '@aws-amplify/ui-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  KNOWLEDGE_TOPICS, REPLY_LANGUAGES, TONES, type BrandVoice, type KnowledgeEntry, type KnowledgeEntryInput, type KnowledgeImportResult,
} from '@cg/shared';
import { api, errorMessage } from '../../lib/api';
import { useCan } from '../../lib/can';
import { toast, toastError } from '../../lib/toast';
import { QueryError } from '../../components/ui/QueryError';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { BrandSettingsCard } from './BrandSettingsCard';

const keys = {
  brands: ['brands'] as const,
  voice: (brandId: string) => ['brands', brandId, 'voice'] as const,
  knowledge: (brandId: string) => ['brands', brandId, 'knowledge'] as const,
};

const languageName = (code: string) => {
  try { return new Intl.DisplayNames(['en'], { type: 'language' }).of(code) ?? code; } catch { return code; }
};
const TONE_LABELS: Record<BrandVoice['tone'], string> = { friendly: 'Friendly', formal: 'Formal', playful: 'Playful' };
const TOPIC_LABEL = (t: string) => t.charAt(0).toUpperCase() + t.slice(1);
const CSV_EXAMPLE = 'topic,title,question,answer,language\nshipping,Shipping to Canada,"Do you ship to Canada?|How long to Canada?","Yes: 5-7 business days, $15.",en';

function VoiceForm({ brandId, voice, canManage }: { brandId: string; voice: BrandVoice; canManage: boolean }) {
  const client = useQueryClient();
  const [form, setForm] = useState({ ...voice, banned: voice.bannedWords.join(', ') });
  const save = useMutation({
    mutationFn: () => {
      const { banned, ...rest } = form;
      return api('putBrandVoice', { params: { brandId }, body: { ...rest, bannedWords: banned.split(',').map((w) => w.trim()).filter(Boolean) } });
    },
    onSuccess: (saved) => {
      client.setQueryData(keys.voice(brandId), saved);
      toast({ description: 'Brand voice saved. New drafts use it.' });
    },
  });
  const set = <K extends keyof typeof form>(k: K, v: (typeof form)[K]) => setForm((f) => ({ ...f, [k]: v }));
  function onSubmit(e: FormEvent) {
    e.preventDefault();
    save.mutate();
  }
  const disabled = !canManage || save.isPending;
  return (
    <form onSubmit={onSubmit} aria-label="Brand voice">
      <Grid templateColumns={{ base: '1fr', medium: '1fr 1fr' }} gap="0.75rem">
        <SelectField label="Tone" value={form.tone} isDisabled={disabled} onChange={(e) => set('tone', e.target.value as BrandVoice['tone'])}>
          {TONES.map((t) => <option key={t} value={t}>{TONE_LABELS[t]}</option>)}
        </SelectField>
        <TextField label="Sign-off" placeholder="— The Acme team" value={form.signOff} isDisabled={disabled} maxLength={80} onChange={(e) => set('signOff', e.target.value)} />
        <SelectField label="Address people by" value={form.addressBy} isDisabled={disabled} onChange={(e) => set('addressBy', e.target.value as BrandVoice['addressBy'])}>
          <option value="first_name">First name (from the display name, never an @handle)</option>
          <option value="none">No name</option>
        </SelectField>
        <SelectField label="Default language" descriptiveText="For comments in a language the analyser does not speak." value={form.defaultLanguage} isDisabled={disabled} onChange={(e) => set('defaultLanguage', e.target.value)}>
          {REPLY_LANGUAGES.map((l) => <option key={l} value={l}>{languageName(l)}</option>)}
        </SelectField>
        <TextField label="Words never to use" descriptiveText="Separated by commas." placeholder="cheap, guarantee" value={form.banned} isDisabled={disabled} onChange={(e) => set('banned', e.target.value)} columnSpan={{ base: 1, medium: 2 }} />
        <TextField label="Response-time target (minutes)" type="number" inputMode="numeric" min={5} max={10080} value={String(form.responseTargetMinutes)} isDisabled={disabled}
          descriptiveText="Reports measure replies against it; comments waiting longer raise an alert." onChange={(e) => set('responseTargetMinutes', Number(e.target.value))} />
        <TextAreaField label="Facts about the brand" descriptiveText="Free text the AI may use (OpenAI provider)." rows={3} maxLength={4000} value={form.facts} isDisabled={disabled} onChange={(e) => set('facts', e.target.value)} columnSpan={{ base: 1, medium: 2 }} />
      </Grid>
      <SwitchField label="Use emoji" labelPosition="end" marginTop="0.75rem" isChecked={form.emoji} isDisabled={disabled} onChange={(e) => set('emoji', e.target.checked)} />
      {save.isError && <Alert variation="error" hasIcon role="alert" marginTop="0.75rem">{errorMessage(save.error, 'Failed to save the brand voice. Please try again.')}</Alert>}
      {canManage && (
        <Flex marginTop="0.75rem">
          <Button type="submit" variation="primary" size="small" isDisabled={save.isPending}>{save.isPending ? 'Saving...' : 'Save voice'}</Button>
        </Flex>
      )}
    </form>
  );
}

type EntryForm = { topic: KnowledgeEntryInput['topic']; title: string; questions: string; answer: string; language: string };
const emptyEntry = (language: string): EntryForm => ({ topic: 'shipping', title: '', questions: '', answer: '', language });
const formOf = (e: KnowledgeEntry): EntryForm => ({ topic: e.topic, title: e.title, questions: e.questions.join('\n'), answer: e.answer, language: e.language });

function EntryEditor({ brandId, entry, defaultLanguage, onDone }: { brandId: string; entry: KnowledgeEntry | null; defaultLanguage: string; onDone: () => void }) {
  const client = useQueryClient();
  const [form, setForm] = useState<EntryForm>(entry ? formOf(entry) : emptyEntry(defaultLanguage));
  const save = useMutation({
    mutationFn: () => {
      const body = { ...form, questions: form.questions.split('\n').map((q) => q.trim()).filter(Boolean) };
      return entry ? api('updateKnowledge', { params: { brandId, entryId: entry.id }, body }) : api('createKnowledge', { params: { brandId }, body });
    },
    onSuccess: async () => {
      toast({ description: entry ? 'Answer updated.' : 'Answer added.' });
      await client.invalidateQueries({ queryKey: keys.knowledge(brandId) });
      onDone();
    },
  });
  const set = <K extends keyof EntryForm>(k: K, v: EntryForm[K]) => setForm((f) => ({ ...f, [k]: v }));
  return (
    <form className="cg-plan-option" aria-label={entry ? `Edit ${entry.title}` : 'New answer'} onSubmit={(e) => { e.preventDefault(); save.mutate(); }}>
      <Grid templateColumns={{ base: '1fr', medium: '1fr 1fr 1fr' }} gap="0.75rem">
        <TextField label="Title" isRequired value={form.title} maxLength={80} onChange={(e) => set('title', e.target.value)} />
        <SelectField label="Topic" value={form.topic} onChange={(e) => set('topic', e.target.value as EntryForm['topic'])}>
          {KNOWLEDGE_TOPICS.map((t) => <option key={t} value={t}>{TOPIC_LABEL(t)}</option>)}
        </SelectField>
        <SelectField label="Language" value={form.language} onChange={(e) => set('language', e.target.value)}>
          {REPLY_LANGUAGES.map((l) => <option key={l} value={l}>{languageName(l)}</option>)}
        </SelectField>
        <TextAreaField label="Questions" descriptiveText="One example question per line." isRequired rows={3} value={form.questions} onChange={(e) => set('questions', e.target.value)} columnSpan={{ base: 1, medium: 3 }} />
        <TextAreaField label="Answer" isRequired rows={3} maxLength={1000} value={form.answer} onChange={(e) => set('answer', e.target.value)} columnSpan={{ base: 1, medium: 3 }} />
      </Grid>
      {save.isError && <Alert variation="error" hasIcon role="alert" marginTop="0.75rem">{errorMessage(save.error, 'Failed to save the answer. Please try again.')}</Alert>}
      <Flex gap="0.5rem" marginTop="0.75rem">
        <Button type="submit" variation="primary" size="small" isDisabled={save.isPending}>{save.isPending ? 'Saving...' : 'Save answer'}</Button>
        <Button size="small" onClick={onDone} isDisabled={save.isPending}>Cancel</Button>
      </Flex>
    </form>
  );
}

function ImportCsv({ brandId }: { brandId: string }) {
  const client = useQueryClient();
  const [csv, setCsv] = useState('');
  const run = useMutation({
    mutationFn: (dryRun: boolean) => api('importKnowledge', { params: { brandId }, body: { csv, dryRun } }),
    onSuccess: async (r) => {
      if (r.dryRun) return;
      setCsv('');
      await client.invalidateQueries({ queryKey: keys.knowledge(brandId) });
    },
  });
  const change = (text: string) => { setCsv(text); run.reset(); };
  const result: KnowledgeImportResult | undefined = run.data;
  const n = (k: number, what = 'answer') => `${k} ${what}${k === 1 ? '' : 's'}`;
  return (
    <div className="cg-danger">
      <Heading level={3} className="cg-subtitle">Import from CSV</Heading>
      <Text className="cg-small cg-muted">Columns: topic, title, question (several separated by |), answer, language. An entry with the title and language of one already here replaces it.</Text>
      <TextAreaField label="CSV" labelHidden placeholder={CSV_EXAMPLE} rows={4} value={csv} marginTop="0.5rem" onChange={(e) => change(e.target.value)} />
      <Flex gap="0.5rem" marginTop="0.5rem" alignItems="center" wrap="wrap">
        <label className="cg-button-secondary">
          Choose a file
          <input type="file" accept=".csv,text/csv" hidden onChange={(e) => { const f = e.target.files?.[0]; if (f) void f.text().then(change); e.target.value = ''; }} />
        </label>
        <Button size="small" isDisabled={!csv.trim() || run.isPending} onClick={() => run.mutate(true)}>{run.isPending && run.variables ? 'Checking...' : 'Preview'}</Button>
      </Flex>
      {run.isError && <Alert variation="error" hasIcon role="alert" marginTop="0.75rem">{errorMessage(run.error, 'Failed to import the CSV. Please try again.')}</Alert>}
      {result?.dryRun && (
        <div role="region" aria-label="Import preview">
          <Text className="cg-small" marginTop="0.75rem">{n(result.entries.length)} in this file: {result.added} new, {result.updated} replacing one with the same title and language.</Text>
          <Table size="small" variation="striped" aria-label="Answers to import" marginTop="0.5rem">
            <TableHead>
              <TableRow>
                <TableCell as="th">Title</TableCell><TableCell as="th">Topic</TableCell><TableCell as="th">Language</TableCell><TableCell as="th">Questions</TableCell><TableCell as="th">Answer</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {result.entries.map((e) => (
                <TableRow key={e.id}>
                  <TableCell>{e.title}</TableCell><TableCell>{TOPIC_LABEL(e.topic)}</TableCell><TableCell>{e.language}</TableCell><TableCell>{e.questions.length}</TableCell><TableCell>{e.answer}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Flex gap="0.5rem" marginTop="0.5rem">
            <Button size="small" variation="primary" isDisabled={run.isPending} onClick={() => run.mutate(false)}>{`Import ${n(result.entries.length)}`}</Button>
            <Button size="small" onClick={() => run.reset()}>Cancel</Button>
          </Flex>
        </div>
      )}
      {result && !result.dryRun && (
        <Alert variation="success" hasIcon marginTop="0.75rem" role="status">
          Imported {n(result.entries.length)}: {result.added} added, {result.updated} updated ({result.entries.map((e) => e.title).join(', ')}).
        </Alert>
      )}
    </div>
  );
}

function KnowledgeList({ brandId, canManage, defaultLanguage }: { brandId: string; canManage: boolean; defaultLanguage: string }) {
  const client = useQueryClient();
  const entries = useQuery({ queryKey: keys.knowledge(brandId), queryFn: () => api('listKnowledge', { params: { brandId } }) });
  const [editing, setEditing] = useState<KnowledgeEntry | 'new' | null>(null);
  const [deleting, setDeleting] = useState<KnowledgeEntry | null>(null);
  const del = useMutation({
    mutationFn: (id: string) => api('deleteKnowledge', { params: { brandId, entryId: id } }),
    onSuccess: async () => {
      setDeleting(null);
      toast({ description: 'Answer deleted.' });
      await client.invalidateQueries({ queryKey: keys.knowledge(brandId) });
    },
    onError: (err) => { setDeleting(null); toastError(errorMessage(err, 'Failed to delete the answer. Please try again.'), 'Error'); },
  });
  const list = entries.data ?? [];
  return (
    <section aria-labelledby="kb-title">
      <Flex justifyContent="space-between" alignItems="center" marginTop="1.25rem" wrap="wrap" gap="0.5rem">
        <Heading level={3} id="kb-title" className="cg-subtitle">Answers (knowledge base)</Heading>
        {canManage && editing === null && <Button size="small" onClick={() => setEditing('new')}>Add an answer</Button>}
      </Flex>
      <Text className="cg-small cg-muted">A question is answered with the best matching entry, in the commenter's language when you have one; with none, a short holding reply is drafted and the comment is flagged "needs answer".</Text>
      {editing === 'new' && <EntryEditor brandId={brandId} entry={null} defaultLanguage={defaultLanguage} onDone={() => setEditing(null)} />}
      {entries.isLoading ? (
        <Placeholder size="large" marginTop="0.75rem" />
      ) : entries.isError ? (
        <QueryError error={entries.error} what="the answers" onRetry={() => void entries.refetch()} />
      ) : list.length === 0 ? (
        <Text className="cg-muted cg-small" marginTop="0.75rem">No answers yet.{canManage ? ' Add one or import a CSV.' : ''}</Text>
      ) : (
        <ul className="cg-list" aria-label="Answers">
          {list.map((e) => (
            <li key={e.id} className="cg-list-row">
              {editing !== 'new' && editing?.id === e.id ? (
                <EntryEditor brandId={brandId} entry={e} defaultLanguage={defaultLanguage} onDone={() => setEditing(null)} />
              ) : (
                <>
                  <div>
                    <Flex alignItems="center" gap="0.5rem" wrap="wrap">
                      <Text fontWeight="600">{e.title}</Text>
                      <Badge size="small">{TOPIC_LABEL(e.topic)}</Badge>
                      <Badge size="small" variation="info">{e.language}</Badge>
                    </Flex>
                    <Text className="cg-small cg-muted">{e.questions.join(' · ')}</Text>
                    <Text className="cg-small">{e.answer}</Text>
                  </div>
                  {canManage && (
                    <Flex gap="0.5rem">
                      <Button size="small" onClick={() => setEditing(e)} aria-label={`Edit ${e.title}`}>Edit</Button>
                      <Button size="small" colorTheme="error" onClick={() => setDeleting(e)} aria-label={`Delete ${e.title}`}>Delete</Button>
                    </Flex>
                  )}
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {canManage && <ImportCsv brandId={brandId} />}
      <ConfirmDialog
        open={!!deleting}
        title="Delete answer"
        message={`Delete the answer "${deleting?.title ?? ''}"? Questions about it will get a holding reply.`}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={del.isPending}
        destructive
        onConfirm={() => deleting && del.mutate(deleting.id)}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}

export function BrandVoiceSection() {
  const canManage = useCan('putBrandVoice');
  return (
    <BrandSettingsCard
      id="brand-voice-title" title="Brand voice & answers"
      intro="How suggested replies sound for each brand, and the facts questions are answered from."
      readOnlyNote={canManage ? null : 'Only owners and admins can change the brand voice and answers.'} noBrandsGoal="set its voice and answers" what="the brand voice"
      query={(brandId) => ({ queryKey: keys.voice(brandId), queryFn: () => api('getBrandVoice', { params: { brandId } }) })}
    >
      {(brandId, voice, updatedAt) => (
        <>
          <VoiceForm key={`${brandId}|${updatedAt}`} brandId={brandId} voice={voice} canManage={canManage} />
          <KnowledgeList key={brandId} brandId={brandId} canManage={canManage} defaultLanguage={voice.defaultLanguage} />
        </>
      )}
    </BrandSettingsCard>
  );
}
