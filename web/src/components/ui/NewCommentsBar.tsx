import { useQueryClient } from '@tanstack/react-query';
import { TEXT } from '@cg/shared';
import { loadNewComments } from '../../lib/live';
import { useLive } from '../../lib/ws';

/**
 * Comments that arrived live are not put into the list under the pointer: this bar counts them and
 * loads them when the user asks (issue 12). `onShow` moves the screen to where they appear (page 1).
 */
export function NewCommentsBar({ onShow }: { onShow?: () => void }) {
  const client = useQueryClient();
  const { newComments } = useLive();
  return (
    <div aria-live="polite" className="cg-new-bar-slot">
      {newComments > 0 && (
        <button
          type="button"
          className="cg-new-bar"
          onClick={() => {
            onShow?.();
            void loadNewComments(client);
          }}
        >
          {TEXT.newComments(newComments)} · Show
        </button>
      )}
    </div>
  );
}
