import { useState } from 'react';
import { Alert, Badge, Button, Loader, Text, TextAreaField } from '@aws-amplify/ui-react';
import type { Comment } from '@cg/shared';
import { useApprove, useOverride, useProcess, useUpdateReply } from '../../lib/queries';
import { relativeTime } from '../../lib/time';
import { useCan } from '../../lib/can';
import { AuthorAvatar, PlatformBadge, SentimentBadge } from '../../components/ui/CommentBits';

export function CommentCard({ comment }: { comment: Comment }) {
  const process = useProcess();
  const approve = useApprove();
  const override = useOverride();
  const updateReply = useUpdateReply();
  // Viewers read the queue: the AI's decision shows, the moderation buttons do not.
  const canModerate = useCan('approveComment');
  const ai = comment.aiDecision;
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(ai?.suggestedReply ?? '');
  const busy = process.isPending || approve.isPending || override.isPending || updateReply.isPending;
  const headingId = `comment-${comment.id}-author`;

  function startEdit() {
    setDraft(ai?.suggestedReply ?? '');
    setEditing(true);
  }
  function cancelEdit() {
    setDraft(ai?.suggestedReply ?? '');
    setEditing(false);
  }
  function saveEdit() {
    updateReply.mutate({ id: comment.id, suggestedReply: draft }, { onSuccess: () => setEditing(false) });
  }

  let body: React.ReactNode;
  if (comment.status === 'processing') {
    body = (
      <div className="cg-ai-box" role="status">
        <Text as="span" className="cg-small"><Loader size="small" aria-hidden="true" /> AI Processing...</Text>
      </div>
    );
  } else if (!ai) {
    body = (
      <div className="cg-actions">
        <Button size="small" variation="primary" onClick={() => process.mutate(comment.id)} isDisabled={busy}>
          {process.isPending ? 'Processing...' : 'Process with AI'}
        </Button>
      </div>
    );
  } else if (ai.decision === 'reply' && ai.suggestedReply) {
    body = (
      <>
        <div className="cg-ai-box">
          <span className="cg-ai-label">AI-generated reply</span>
          {editing ? (
            <TextAreaField label="Edit reply" rows={3} value={draft} onChange={(e) => setDraft(e.target.value)} autoFocus />
          ) : (
            <Text className="cg-comment-content">{ai.suggestedReply}</Text>
          )}
        </div>
        <div className="cg-actions">
          {editing ? (
            <>
              <Button size="small" variation="primary" onClick={saveEdit} isDisabled={busy || !draft.trim()}>
                {updateReply.isPending ? 'Saving...' : 'Save'}
              </Button>
              <Button size="small" onClick={cancelEdit} isDisabled={updateReply.isPending}>Cancel</Button>
            </>
          ) : (
            <>
              <Button size="small" variation="primary" onClick={() => approve.mutate(comment.id)} isDisabled={busy}>Approve Reply</Button>
              <Button size="small" onClick={startEdit} isDisabled={busy}>Edit Reply</Button>
              <Button size="small" colorTheme="error" onClick={() => override.mutate({ id: comment.id, action: 'ignore' })} isDisabled={busy}>Reject</Button>
            </>
          )}
        </div>
      </>
    );
  } else if (ai.decision === 'delete' || ai.decision === 'hide') {
    const isHide = ai.decision === 'hide';
    body = (
      <>
        <div className="cg-ai-box cg-ai-box-warn">
          <span className="cg-ai-label">{isHide ? 'AI recommends hiding' : 'AI recommends deleting'}</span>
          <Text className="cg-small">{ai.reasoning}</Text>
        </div>
        <div className="cg-actions">
          <Button size="small" variation="primary" colorTheme="error" onClick={() => approve.mutate(comment.id)} isDisabled={busy}>
            {isHide ? 'Confirm Hide' : 'Confirm Delete'}
          </Button>
          <Button size="small" onClick={() => override.mutate({ id: comment.id, action: 'reply_sent' })} isDisabled={busy}>Reply Instead</Button>
          <Button size="small" onClick={() => override.mutate({ id: comment.id, action: 'ignore' })} isDisabled={busy}>Keep Comment</Button>
        </div>
      </>
    );
  } else {
    body = (
      <div className="cg-actions">
        <Button size="small" isDisabled>No Action Needed</Button>
      </div>
    );
  }

  return (
    <article className="cg-comment" aria-labelledby={headingId} data-testid="comment-card" data-comment-id={comment.id}>
      <div className="cg-comment-head">
        <AuthorAvatar comment={comment} />
        <div className="cg-comment-meta">
          <div className="cg-badges">
            <Text as="h3" id={headingId} className="cg-comment-author" margin="0" fontSize="1rem">{comment.authorName}</Text>
            <PlatformBadge platform={comment.platform} />
            <Text as="span" className="cg-muted cg-xsmall"><time dateTime={comment.timestamp}>{relativeTime(comment.timestamp)}</time></Text>
          </div>
        </div>
        <div className="cg-badges">
          {comment.status === 'processing' ? (
            <Badge size="small" variation="info">Processing</Badge>
          ) : !ai ? (
            <Badge size="small" variation="warning">Pending</Badge>
          ) : (
            <>
              <SentimentBadge sentiment={ai.sentiment} />
              {ai.isSpam && <Badge size="small" variation="warning">Spam</Badge>}
              {ai.isOffensive && <Badge size="small" variation="error">Offensive</Badge>}
              <Badge size="small">{Math.round(ai.confidence)}% confidence</Badge>
            </>
          )}
        </div>
      </div>
      <Text className="cg-comment-content">{comment.content}</Text>
      {comment.lastError && (
        <Alert variation="warning" hasIcon>
          Last action failed: {comment.lastError}
        </Alert>
      )}
      {canModerate ? body : ai && ai.decision === 'reply' && ai.suggestedReply ? (
        <div className="cg-ai-box">
          <span className="cg-ai-label">AI-generated reply</span>
          <Text className="cg-comment-content">{ai.suggestedReply}</Text>
        </div>
      ) : ai && (ai.decision === 'delete' || ai.decision === 'hide') ? (
        <div className="cg-ai-box cg-ai-box-warn">
          <span className="cg-ai-label">{ai.decision === 'hide' ? 'AI recommends hiding' : 'AI recommends deleting'}</span>
          <Text className="cg-small">{ai.reasoning}</Text>
        </div>
      ) : null}
    </article>
  );
}
