import { useEffect, useRef } from 'react';
import { Button, Flex, Heading } from '@aws-amplify/ui-react';
import { QUEUE_KEYS } from './useQueueKeys';

/** The ? dialog: every key of the queue. */
export function KeysDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog ref={ref} className="cg-dialog" aria-labelledby="keys-title" onCancel={(e) => { e.preventDefault(); onClose(); }}>
      {open && (
        <Flex direction="column" gap="1rem">
          <Heading level={2} id="keys-title" className="cg-dialog-title">Keyboard shortcuts</Heading>
          <dl className="cg-keys">
            {QUEUE_KEYS.map(([k, what]) => (
              <div key={k} style={{ display: 'contents' }}><dt><kbd>{k}</kbd></dt><dd style={{ margin: 0 }}>{what}</dd></div>
            ))}
          </dl>
          <Flex justifyContent="flex-end"><Button onClick={onClose}>Close</Button></Flex>
        </Flex>
      )}
    </dialog>
  );
}
