/**
 * The moderator's actions on one comment (issue 12): each a route of the shared table. A success is
 * announced (toast + screen reader) with an Undo for 10 seconds where the API can undo it (hide →
 * unhide, a posted reply → delete-reply); a failure shows the server's message as an error.
 */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ACTION_TEXT, TEXT, type BulkResult, type Comment, type RouteName } from '@cg/shared';
import { api, errorMessage } from './api';
import { resultOf } from './jobs';
import { invalidateLists } from './queryClient';
import { toast, toastError } from './toast';
import { announce } from './announce';

export type ActionName = keyof typeof ACTION_TEXT.done;

const ROUTE: Record<ActionName, RouteName> = {
  approve: 'approveComment', reply: 'replyComment', private_reply: 'privateReplyComment', hide: 'hideComment', unhide: 'unhideComment',
  delete: 'deleteComment', dismiss: 'dismissComment', block: 'blockAuthor', delete_reply: 'deleteReply', update_reply: 'updateReply', ignore: 'overrideComment',
};

/** Actions after which the comment is no longer in the queue. */
export const LEAVES_QUEUE: ReadonlySet<ActionName> = new Set(['approve', 'reply', 'hide', 'delete', 'dismiss', 'ignore']);

export const UNDO_MS = 10_000;

/** The spec's own notices for the actions it already had (section 8); the new actions say what they did. */
const SPEC_DONE: Partial<Record<ActionName, { title?: string; description: string }>> = {
  approve: { description: TEXT.approved }, ignore: { description: TEXT.overridden }, update_reply: { title: TEXT.replyUpdatedTitle, description: TEXT.replyUpdated },
};
const SPEC_FAILED: Partial<Record<ActionName, { title?: string; fallback: string }>> = {
  approve: { fallback: TEXT.approveFailed }, ignore: { fallback: TEXT.overrideFailed }, update_reply: { title: TEXT.updateReplyFailedTitle, fallback: TEXT.updateReplyFailed },
};

export interface ActionInput { action: ActionName; comment: Comment; message?: string }

function bodyOf({ action, message }: ActionInput): unknown {
  if (action === 'reply' || action === 'private_reply') return { message };
  if (action === 'update_reply') return { suggestedReply: message };
  if (action === 'ignore') return { action: 'ignore' };
  return undefined;
}

const asComment = (v: unknown): Comment | null => (v && typeof v === 'object' && 'id' in v && 'status' in v ? (v as Comment) : null);

/** What undoes an action, judged from the comment before and after it (null: the API cannot undo it). */
export function undoOf(action: ActionName, before: Comment, after: Comment | null): 'unhide' | 'delete_reply' | null {
  if (action === 'hide') return 'unhide';
  if (action === 'approve' && after?.isHidden && !before.isHidden) return 'unhide';
  if ((action === 'reply' || action === 'approve') && after?.reply && after.reply.id !== before.reply?.id) return 'delete_reply';
  return null;
}

export async function callAction(input: ActionInput): Promise<Comment | null> {
  const body = bodyOf(input);
  const res = await api(ROUTE[input.action], { params: { id: input.comment.id }, ...(body === undefined ? {} : { body: body as never }) });
  return asComment(res);
}

/** The last action that can be undone (the `u` key), while its 10 seconds last. */
let lastUndo: { run: () => void; until: number } | null = null;

export function undoLast(): boolean {
  if (!lastUndo || Date.now() > lastUndo.until) {
    announce(ACTION_TEXT.nothingToUndo);
    return false;
  }
  const { run } = lastUndo;
  lastUndo = null;
  run();
  return true;
}

function who(c: Comment): string {
  return `Comment by ${c.authorName}`;
}

/** Runs an action with its notices; resolves to the updated comment, or throws after showing the error. */
export async function runAction(client: QueryClient, input: ActionInput, opts: { undoable?: boolean; onAccepted?: () => void } = {}): Promise<Comment | null> {
  try {
    const after = await callAction(input);
    // Before the lists are asked for again: whatever is fetched from now on already knows.
    opts.onAccepted?.();
    const spec = SPEC_DONE[input.action];
    const text = spec?.description ?? ACTION_TEXT.done[input.action];
    const undo = opts.undoable === false ? null : undoOf(input.action, input.comment, after);
    if (undo) {
      const run = () => void runAction(client, { action: undo, comment: after ?? input.comment }, { undoable: false }).then(() => announce(ACTION_TEXT.undone), () => undefined);
      lastUndo = { run, until: Date.now() + UNDO_MS };
      toast({ title: spec?.title, description: text, action: { label: ACTION_TEXT.undo, run }, durationMs: UNDO_MS });
    } else {
      toast({ title: spec?.title, description: text });
    }
    // The toast is a live region already: the reader hears it; only the key to undo is added.
    if (undo) announce(`${who(input.comment)}: press u to undo.`);
    void invalidateLists(client);
    void client.invalidateQueries({ queryKey: ['comment', input.comment.id] });
    return after;
  } catch (err) {
    const spec = SPEC_FAILED[input.action];
    const msg = errorMessage(err, spec?.fallback ?? ACTION_TEXT.failed);
    toastError(msg, spec?.title ?? (spec ? undefined : ACTION_TEXT.failed));
    throw err;
  }
}

export function useAction() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (input: ActionInput) => runAction(client, input) });
}

export function useCommentContext(id: string, enabled: boolean) {
  return useQuery({ queryKey: ['comment', id, 'context'], queryFn: ({ signal }) => api('commentContext', { params: { id }, signal }), enabled });
}

export function useCommentHistory(id: string, enabled = true) {
  return useQuery({ queryKey: ['comment', id, 'history'], queryFn: ({ signal }) => api('commentHistory', { params: { id }, signal }), enabled });
}

export type BulkAction = 'approve' | 'hide' | 'delete' | 'dismiss';
export type BulkTarget = { ids: string[] } | { filter: Record<string, string | number> };

/** "48 done, 2 failed: <reason> (n), …": the failures grouped by the server's message. */
export function bulkSummary(r: BulkResult): string {
  const head = ACTION_TEXT.bulkResult(r.succeeded, r.failed);
  if (!r.failed) return head;
  const why = new Map<string, number>();
  for (const x of r.results) if (!x.ok) why.set(x.error ?? x.reason ?? 'unknown', (why.get(x.error ?? x.reason ?? 'unknown') ?? 0) + 1);
  return `${head}: ${[...why].map(([m, n]) => `${m} (${n})`).join('; ')}`;
}

export function useBulk() {
  const client = useQueryClient();
  return useMutation({
    // More than 100 comments run as a job: its bar shows, and its result is the bulk result.
    mutationFn: async (v: { action: BulkAction; target: BulkTarget }) => resultOf<BulkResult>(await api('bulkComments', { body: { action: v.action, ...v.target } as never })),
    onSuccess: (r) => {
      const text = bulkSummary(r);
      if (r.failed) toastError(text, ACTION_TEXT.failed);
      else toast({ description: text });
      return invalidateLists(client);
    },
    onError: (err) => {
      const msg = errorMessage(err, ACTION_TEXT.failed);
      toastError(msg, ACTION_TEXT.failed);
    },
  });
}


