/** In the comment card's reply editor: insert a saved reply, its {first_name} and {brand} filled for this comment. */
import { SelectField } from '@aws-amplify/ui-react';
import { fillSavedReply, type Comment } from '@cg/shared';
import { useCommentContext } from '../../lib/actions';
import { useSavedReplies } from '../../lib/rules';

export function SavedReplyPicker({ comment, onPick }: { comment: Comment; onPick: (text: string) => void }) {
  const replies = useSavedReplies();
  // The card loads the context as it comes into view: its brand name is used once there (never fetched for this alone).
  const context = useCommentContext(comment.id, false);
  if (!replies.data?.length) return null;
  const language = comment.aiDecision?.language?.slice(0, 2);
  const firstName = /^(facebook|instagram) user$/i.test(comment.authorName) ? '' : comment.authorName.trim().split(/\s+/)[0] ?? '';
  return (
    <SelectField label="Insert a saved reply" size="small" value="" onChange={(e) => {
      const r = replies.data.find((x) => x.id === e.target.value);
      if (r) onPick(fillSavedReply(r.text, { firstName, brand: context.data?.brand?.name ?? '' }));
    }}>
      <option value="">Saved replies…</option>
      {/* The comment's language first. */}
      {[...replies.data].sort((a, b) => Number(b.language === language) - Number(a.language === language)).map((r) => <option key={r.id} value={r.id}>{r.name} ({r.language})</option>)}
    </SelectField>
  );
}
