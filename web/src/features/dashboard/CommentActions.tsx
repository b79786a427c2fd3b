import { forwardRef, useImperativeHandle, useRef, useState } from 'react';
import { Button, Flex, TextAreaField } from '@aws-amplify/ui-react';
import { SavedReplyPicker } from '../rules/SavedReplyPicker';
import { useQueryClient } from '@tanstack/react-query';
import { ACTION_TEXT, type Comment } from '@cg/shared';
import { LEAVES_QUEUE, runAction, type ActionName } from '../../lib/actions';
import { announce } from '../../lib/announce';
import { useCan } from '../../lib/can';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';

/** The keyboard's commands on the focused card. */
export type Command = 'approve' | 'reply' | 'edit' | 'hide' | 'delete' | 'dismiss';
export interface ActionsHandle { command(c: Command): void }
export type LeavingState = 'start' | 'done' | 'failed';

type EditorKind = 'reply' | 'private_reply' | 'update_reply';
const EDITOR: Record<EditorKind, { label: string; send: string }> = {
  reply: { label: 'Your reply', send: 'Post Reply' },
  private_reply: { label: 'Private message', send: 'Send Private Reply' },
  update_reply: { label: 'Edit reply', send: 'Save' },
};
const PLATFORM_NAME = { facebook: 'Facebook', instagram: 'Instagram' } as const;
const PRIVATE_REPLY_WINDOW_MS = 7 * 24 * 3600 * 1000;

/** Meta allows one private reply per comment, within 7 days of it. */
export function privateReplyAllowed(c: Comment, now = Date.now()): boolean {
  return !c.privateReplyAt && now - Date.parse(c.timestamp) < PRIVATE_REPLY_WINDOW_MS;
}

interface Props {
  comment: Comment;
  /** Called before an action that takes the comment out of the queue, and when it succeeded or failed. */
  onLeaving?: (id: string, state: LeavingState) => void;
  /** Opens the comment's history (the drawer). */
  onHistory?: () => void;
  /** After a successful action, with the comment as the server answered it. */
  onDone?: (after: Comment | null) => void;
}

/** Every action on one comment, whatever the AI decided; each button only where the role may call its route. */
export const CommentActions = forwardRef<ActionsHandle, Props>(function CommentActions({ comment, onLeaving, onHistory, onDone }, ref) {
  const client = useQueryClient();
  const can = {
    approve: useCan('approveComment'), override: useCan('overrideComment'), update: useCan('updateReply'), reply: useCan('replyComment'),
    private: useCan('privateReplyComment'), hide: useCan('hideComment'), unhide: useCan('unhideComment'), delete: useCan('deleteComment'),
    dismiss: useCan('dismissComment'), block: useCan('blockAuthor'), deleteReply: useCan('deleteReply'),
  };
  const ai = comment.aiDecision;
  const draft = ai?.suggestedReply ?? '';
  const [editor, setEditor] = useState<{ kind: EditorKind; text: string } | null>(null);
  const [confirm, setConfirm] = useState<'delete' | 'approve_delete' | 'block' | null>(null);
  const [busy, setBusy] = useState<ActionName | null>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const gone = comment.status === 'deleted';
  const inQueue = ['pending', 'processing', 'processed'].includes(comment.status);

  async function run(action: ActionName, message?: string) {
    setBusy(action);
    const leaves = inQueue && LEAVES_QUEUE.has(action);
    if (leaves) onLeaving?.(comment.id, 'start');
    try {
      const after = await runAction(client, { action, comment, message }, { onAccepted: () => leaves && onLeaving?.(comment.id, 'done') });
      setEditor(null);
      onDone?.(after);
      setConfirm(null);
    } catch {
      if (leaves) onLeaving?.(comment.id, 'failed');
    } finally {
      setBusy(null);
    }
  }

  function openEditor(kind: EditorKind, text = draft) {
    setEditor({ kind, text });
    requestAnimationFrame(() => textRef.current?.focus());
  }

  function approve() {
    if (!ai) return announce('Nothing to approve: the AI has not decided yet.');
    if (ai.decision === 'delete') return setConfirm('approve_delete');
    if (ai.decision === 'reply' && !ai.suggestedReply.trim()) return openEditor('reply');
    void run('approve');
  }

  useImperativeHandle(ref, () => ({
    command(c) {
      if (gone) return announce('This comment is deleted.');
      const allowed = { approve: can.approve, reply: can.reply, edit: can.update || can.reply, hide: can.hide, delete: can.delete, dismiss: can.dismiss }[c];
      if (!allowed || busy) return;
      if (c === 'approve') approve();
      else if (c === 'reply') openEditor('reply');
      else if (c === 'edit') openEditor(ai?.decision === 'reply' && can.update ? 'update_reply' : 'reply');
      else if (c === 'hide') void run(comment.isHidden ? 'unhide' : 'hide');
      else if (c === 'delete') setConfirm('delete');
      else if (c === 'dismiss') void run('dismiss');
    },
  }));

  const isBusy = busy !== null;
  const btn = (label: string, onClick: () => void, opts: { primary?: boolean; danger?: boolean; action?: ActionName } = {}) => (
    <Button
      size="small"
      variation={opts.primary ? 'primary' : undefined}
      colorTheme={opts.danger ? 'error' : undefined}
      onClick={onClick}
      isDisabled={isBusy}
      isLoading={opts.action !== undefined && busy === opts.action}
      loadingText={label}
    >
      {label}
    </Button>
  );

  let decisionButtons: React.ReactNode = null;
  if (ai && inQueue && !editor) {
    if (ai.decision === 'reply' && ai.suggestedReply) {
      decisionButtons = (
        <>
          {can.approve && btn('Approve Reply', () => void run('approve'), { primary: true, action: 'approve' })}
          {can.update && btn('Edit Reply', () => openEditor('update_reply'))}
          {can.override && btn('Reject', () => void run('ignore'), { danger: true, action: 'ignore' })}
        </>
      );
    } else if (ai.decision === 'delete' || ai.decision === 'hide') {
      decisionButtons = (
        <>
          {can.approve && btn(ai.decision === 'hide' ? 'Confirm Hide' : 'Confirm Delete', () => void run('approve'), { primary: true, danger: true, action: 'approve' })}
          {can.reply && btn('Reply Instead', () => openEditor('reply'))}
          {can.override && btn('Keep Comment', () => void run('ignore'), { action: 'ignore' })}
        </>
      );
    } else if (can.approve) {
      decisionButtons = btn(ai.decision === 'reply' ? 'Write Reply' : 'Approve', approve, { primary: true, action: 'approve' });
    }
  }

  return (
    <>
      {editor && (
        <form
          className="cg-ai-box"
          onSubmit={(e) => {
            e.preventDefault();
            void run(editor.kind, editor.text);
          }}
        >
          <TextAreaField
            ref={textRef}
            label={EDITOR[editor.kind].label}
            rows={3}
            value={editor.text}
            onChange={(e) => setEditor({ ...editor, text: e.target.value })}
            onKeyDown={(e) => {
              if (e.key === 'Escape') setEditor(null);
            }}
          />
          {editor.kind !== 'update_reply' && <SavedReplyPicker comment={comment} onPick={(text) => setEditor({ ...editor, text })} />}
          <Flex gap="0.5rem" marginTop="0.5rem">
            <Button size="small" type="submit" variation="primary" isDisabled={isBusy || !editor.text.trim()} isLoading={busy === editor.kind} loadingText="Sending...">
              {EDITOR[editor.kind].send}
            </Button>
            <Button size="small" onClick={() => setEditor(null)} isDisabled={isBusy}>Cancel</Button>
          </Flex>
        </form>
      )}
      {!editor && (
        <div className="cg-actions" role="group" aria-label={`Actions on the comment by ${comment.authorName}`}>
          {decisionButtons}
          {!gone && can.reply && !(ai?.decision === 'delete' || ai?.decision === 'hide') && btn('Reply', () => openEditor('reply'))}
          {!gone && can.private && privateReplyAllowed(comment) && btn('Private Reply', () => openEditor('private_reply', ''))}
          {!gone && (comment.isHidden ? can.unhide && btn('Unhide', () => void run('unhide'), { action: 'unhide' }) : can.hide && btn('Hide', () => void run('hide'), { action: 'hide' }))}
          {!gone && can.delete && btn('Delete', () => setConfirm('delete'), { danger: true, action: 'delete' })}
          {!gone && inQueue && can.dismiss && btn('Dismiss', () => void run('dismiss'), { action: 'dismiss' })}
          {!gone && comment.platform === 'facebook' && !comment.authorBlocked && can.block && btn('Block Author', () => setConfirm('block'), { action: 'block' })}
          {comment.reply && can.deleteReply && btn('Delete Our Reply', () => void run('delete_reply'), { action: 'delete_reply' })}
          {onHistory && btn('History', onHistory)}
        </div>
      )}
      <ConfirmDialog
        open={confirm === 'delete' || confirm === 'approve_delete'}
        title={ACTION_TEXT.deleteTitle}
        message={ACTION_TEXT.deleteMessage(PLATFORM_NAME[comment.platform])}
        confirmLabel="Delete for good"
        busyLabel="Deleting..."
        busy={busy === 'delete' || busy === 'approve'}
        destructive
        onConfirm={() => void run(confirm === 'approve_delete' ? 'approve' : 'delete')}
        onCancel={() => setConfirm(null)}
      />
      <ConfirmDialog
        open={confirm === 'block'}
        title={ACTION_TEXT.blockTitle}
        message={ACTION_TEXT.blockMessage(comment.authorName)}
        confirmLabel="Block"
        busyLabel="Blocking..."
        busy={busy === 'block'}
        destructive
        onConfirm={() => void run('block')}
        onCancel={() => setConfirm(null)}
      />
    </>
  );
});
