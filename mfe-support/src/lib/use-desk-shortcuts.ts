import { useEffect, useLayoutEffect, useRef } from 'react';

/**
 * The agents' desk's keyboard shortcuts (issue 15), in the order its help dialog lists them. The queue's own keys
 * are handled by the desk, a ticket's by its view: each passes the actions it can do now.
 */
const DESK_SHORTCUT_KEYS = { next: 'j', previous: 'k', search: '/', claim: 'c', reply: 'r', end: 'e', help: '?' } as const;

export type DeskShortcutAction = keyof typeof DESK_SHORTCUT_KEYS;

/** The shortcuts as [action, key] pairs, in the help dialog's order. */
export const DESK_SHORTCUTS = Object.entries(DESK_SHORTCUT_KEYS) as [DeskShortcutAction, string][];

/** Input types that take no typing: a letter pressed on them is not text. */
const NOT_TYPED = new Set(['button', 'checkbox', 'color', 'file', 'image', 'radio', 'range', 'reset', 'submit']);

/** Whether a key pressed on `target` is meant for it: a field being typed in, or a control that reads letters. */
function keyBelongsTo(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) return !NOT_TYPED.has(target.type);
  // A listbox or menu moves by the letters typed on it.
  return target.closest('[role="combobox"], [role="listbox"], [role="menu"]') !== null;
}

/**
 * Runs the desk action whose key was pressed, unless the person is typing (in a field, with a modifier held, or
 * composing text with an input method) or a modal dialog is open, which owns the keyboard until it closes. The key
 * does nothing else then (`/` would otherwise start the browser's find).
 */
export function useDeskShortcuts(actions: Partial<Record<DeskShortcutAction, () => void>>): void {
  // The latest actions, read when a key is pressed: the listener stays the same across renders. They are taken in
  // the commit's layout phase, before the browser paints what they act on: a passive effect runs after the paint,
  // and a key pressed as the queue appeared found the actions of the render before it, with no queue to move in.
  const current = useRef(actions);
  useLayoutEffect(() => {
    current.current = actions;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
      if (keyBelongsTo(event.target) || document.querySelector('dialog:modal') !== null) return;
      const shortcut = DESK_SHORTCUTS.find(([, key]) => key === event.key);
      const action = shortcut ? current.current[shortcut[0]] : undefined;
      if (!action) return;
      event.preventDefault();
      action();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
