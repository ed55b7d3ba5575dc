import { useEffect, useState, type RefObject } from 'react';

/**
 * Moves focus to `target` once it is on screen, for an action that removes the control that had focus (ending a
 * chat) or shows something new in place of what was chosen: call the returned function (or start with
 * `initially`), and focus lands there when a later render (`shown` changed) shows it.
 */
export function useFocusWhenShown(target: RefObject<HTMLElement | null>, shown: unknown, initially = false): () => void {
  const [wanted, setWanted] = useState(initially);
  useEffect(() => {
    if (wanted && target.current) {
      target.current.focus();
      setWanted(false);
    }
  }, [wanted, target, shown]);
  return () => setWanted(true);
}
