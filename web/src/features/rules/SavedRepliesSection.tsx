/** Saved replies (issue 11 item 5): named, per language, with {first_name} and {brand}; sent by rules and inserted from the comment card. */
import { useState } from 'react';
import { Alert, Button, Card, Flex, Heading, Placeholder, TextAreaField, TextField, Text } from '@aws-amplify/ui-react';
import type { SavedReply, SavedReplyInput } from '@cg/shared';
import { errorMessage } from '../../lib/api';
import { useCan } from '../../lib/can';
import { useDeleteSavedReply, useSavedReplies, useSaveSavedReply } from '../../lib/rules';
import { QueryError } from '../../components/ui/QueryError';

function SavedReplyForm({ reply, onClose }: { reply: SavedReply | null; onClose: () => void }) {
  const [draft, setDraft] = useState<SavedReplyInput>(reply ? { name: reply.name, language: reply.language, text: reply.text } : { name: '', language: 'en', text: '' });
  const save = useSaveSavedReply();
  return (
    <form onSubmit={(e) => { e.preventDefault(); save.mutate({ id: reply?.id, reply: draft }, { onSuccess: onClose }); }} data-testid="saved-reply-form">
      <Flex direction="column" gap="0.5rem">
        <Flex gap="0.5rem">
          <TextField label="Name" value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} isRequired />
          <TextField label="Language" width="6rem" value={draft.language} onChange={(e) => setDraft({ ...draft, language: e.target.value.trim().toLowerCase() })} />
        </Flex>
        <TextAreaField label="Text" descriptiveText="{first_name} becomes the commenter's first name, {brand} your brand's name." rows={3} value={draft.text} onChange={(e) => setDraft({ ...draft, text: e.target.value })} isRequired />
        {save.isError && <Alert variation="error" role="alert">{errorMessage(save.error, 'Could not save the reply.')}</Alert>}
        <Flex gap="0.5rem">
          <Button type="submit" size="small" variation="primary" isLoading={save.isPending} loadingText="Saving...">Save reply</Button>
          <Button size="small" onClick={onClose}>Cancel</Button>
        </Flex>
      </Flex>
    </form>
  );
}

export function SavedRepliesSection() {
  const replies = useSavedReplies();
  const remove = useDeleteSavedReply();
  const canManage = useCan('createSavedReply');
  const [editing, setEditing] = useState<SavedReply | 'new' | null>(null);
  let content;
  if (replies.isLoading) content = <Placeholder size="large" aria-label="Loading the saved replies" />;
  else if (replies.isError) content = <QueryError error={replies.error} what="the saved replies" onRetry={() => void replies.refetch()} />;
  else if (!replies.data?.length) content = <Text className="cg-muted cg-small">No saved replies yet.</Text>;
  else content = (
    <ul className="cg-saved-replies">
      {replies.data.map((r) => (
        <li key={r.id} data-testid="saved-reply">
          <Flex justifyContent="space-between" gap="1rem" alignItems="flex-start">
            <div>
              <Text fontWeight="600">{r.name} <span className="cg-muted cg-small">({r.language})</span></Text>
              <Text className="cg-small">{r.text}</Text>
            </div>
            {canManage && (
              <Flex gap="0.5rem">
                <Button size="small" onClick={() => setEditing(r)}>Edit</Button>
                <Button size="small" onClick={() => remove.mutate(r.id)}>Delete</Button>
              </Flex>
            )}
          </Flex>
        </li>
      ))}
    </ul>
  );
  return (
    <Card variation="outlined" className="cg-panel">
      <Flex justifyContent="space-between" alignItems="center">
        <Heading level={2} className="cg-panel-title">Saved replies</Heading>
        {canManage && !editing && <Button size="small" onClick={() => setEditing('new')}>New saved reply</Button>}
      </Flex>
      {remove.isError && <Alert variation="error" role="alert">{errorMessage(remove.error, 'Could not delete the reply.')}</Alert>}
      {editing && <SavedReplyForm key={editing === 'new' ? 'new' : editing.id} reply={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {content}
    </Card>
  );
}
