import { forwardRef, memo, useImperativeHandle, useRef } from 'react';
import { Alert, Badge, Button, Loader, Text } from '@aws-amplify/ui-react';
import type { Comment } from '@cg/shared';
import { useProcess } from '../../lib/queries';
import { relativeTime } from '../../lib/time';
import { useCan } from '../../lib/can';
import { AuthorAvatar, PlatformBadge, SentimentBadge } from '../../components/ui/CommentBits';
import { CommentActions, type ActionsHandle, type Command, type LeavingState } from './CommentActions';
import { CommentContextPanel } from './CommentContextPanel';

export interface CardHandle extends ActionsHandle { focus(): void }

interface Props {
  comment: Comment;
  /** Roving focus: the one card in the tab order. */
  tabbable?: boolean;
  onFocusCard?: (id: string) => void;
  selected?: boolean;
  onSelect?: (id: string, selected: boolean) => void;
  onLeaving?: (id: string, state: LeavingState) => void;
  onHistory?: (comment: Comment) => void;
}

/** One comment of the queue: what it is, where it was posted, what the AI thinks, and every action on it. */
export const CommentCard = memo(forwardRef<CardHandle, Props>(function CommentCard({ comment, tabbable, onFocusCard, selected, onSelect, onLeaving, onHistory }, ref) {
  const process = useProcess();
  const canProcess = useCan('processComment');
  const ai = comment.aiDecision;
  const headingId = `comment-${comment.id}-author`;
  const el = useRef<HTMLElement>(null);
  const actions = useRef<ActionsHandle>(null);
  useImperativeHandle(ref, () => ({
    focus: () => el.current?.focus(),
    command: (c: Command) => actions.current?.command(c),
  }));

  return (
    <article
      ref={el}
      className="cg-comment"
      aria-labelledby={headingId}
      data-testid="comment-card"
      data-comment-id={comment.id}
      tabIndex={tabbable ? 0 : -1}
      onFocus={() => onFocusCard?.(comment.id)}
    >
      <div className="cg-comment-head">
        {onSelect && (
          <input
            type="checkbox"
            className="cg-select"
            aria-label={`Select the comment by ${comment.authorName}`}
            checked={!!selected}
            onChange={(e) => onSelect(comment.id, e.target.checked)}
          />
        )}
        <AuthorAvatar comment={comment} />
        <div className="cg-comment-meta">
          <div className="cg-badges">
            <Text as="h3" id={headingId} className="cg-comment-author" margin="0" fontSize="1rem">{comment.authorName}</Text>
            <PlatformBadge platform={comment.platform} />
            <Text as="span" className="cg-muted cg-xsmall"><time dateTime={comment.timestamp}>{relativeTime(comment.timestamp)}</time></Text>
            {comment.isHidden && <Badge size="small" variation="warning">Hidden</Badge>}
            {comment.authorBlocked && <Badge size="small" variation="error">Author blocked</Badge>}
            {comment.privateReplyAt && <Badge size="small" variation="info">Private reply sent</Badge>}
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
              {ai.category && ai.category !== 'other' && <Badge size="small">{ai.category}</Badge>}
              {ai.isSpam && <Badge size="small" variation="warning">Spam</Badge>}
              {ai.isOffensive && <Badge size="small" variation="error">Offensive</Badge>}
              <Badge size="small">{Math.round(ai.confidence)}% confidence</Badge>
            </>
          )}
        </div>
      </div>
      <Text className="cg-comment-content">{comment.content}</Text>
      <CommentContextPanel comment={comment} />
      {comment.lastError && (
        <Alert variation="warning" hasIcon>
          Last action failed: {comment.lastError}
        </Alert>
      )}
      {comment.status === 'processing' ? (
        <div className="cg-ai-box" role="status">
          <Text as="span" className="cg-small"><Loader size="small" aria-hidden="true" /> AI Processing...</Text>
        </div>
      ) : ai?.decision === 'reply' && ai.suggestedReply ? (
        <div className="cg-ai-box">
          <span className="cg-ai-label">AI-generated reply</span>
          <Text className="cg-comment-content">{ai.suggestedReply}</Text>
        </div>
      ) : ai && (ai.decision === 'delete' || ai.decision === 'hide') ? (
        <div className="cg-ai-box cg-ai-box-warn">
          <span className="cg-ai-label">{ai.decision === 'hide' ? 'AI recommends hiding' : 'AI recommends deleting'}</span>
          <Text className="cg-small">{ai.reasoning}</Text>
        </div>
      ) : ai ? (
        <Text className="cg-small cg-muted">AI: no action needed. {ai.reasoning}</Text>
      ) : null}
      {!ai && comment.status !== 'processing' && canProcess && (
        <div className="cg-actions">
          <Button size="small" variation="primary" onClick={() => process.mutate(comment.id)} isDisabled={process.isPending}>
            {process.isPending ? 'Processing...' : 'Process with AI'}
          </Button>
        </div>
      )}
      <CommentActions ref={actions} comment={comment} onLeaving={onLeaving} onHistory={onHistory ? () => onHistory(comment) : undefined} />
    </article>
  );
}));
