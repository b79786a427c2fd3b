import { useEffect, useRef } from 'react';

/** The queue's keys (issue 12), listed by the ? dialog. */
export const QUEUE_KEYS: [string, string][] = [
  ['j', 'Next comment'], ['k', 'Previous comment'], ['a', 'Approve the AI decision'], ['r', 'Reply (opens the editor with the draft)'],
  ['e', 'Edit the draft reply'], ['h', 'Hide (or unhide)'], ['d', 'Delete (asks first)'], ['x', 'Dismiss: reviewed, nothing to do'],
  ['u', 'Undo the last action (10 seconds)'], ['/', 'Search the queue'], ['?', 'Show these keys'],
];

export type QueueKey = 'j' | 'k' | 'a' | 'r' | 'e' | 'h' | 'd' | 'x' | 'u' | '/' | '?';
const KEYS = new Set<string>(QUEUE_KEYS.map(([k]) => k));

/** Whether a key press belongs to typing (a field, an editor or an open dialog), where the keys do nothing. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target.closest('input, textarea, select, [contenteditable="true"], [contenteditable=""]')) return true;
  return !!document.querySelector('dialog[open]');
}

/** Calls `onKey` for the queue's keys pressed outside fields and dialogs. */
export function useQueueKeys(onKey: (key: QueueKey) => void): void {
  const handler = useRef(onKey);
  handler.current = onKey;
  useEffect(() => {
    const listener = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || !KEYS.has(e.key) || isTyping(e.target)) return;
      e.preventDefault();
      handler.current(e.key as QueueKey);
    };
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);
}
