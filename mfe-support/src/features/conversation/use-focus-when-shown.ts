import { useEffect, useState, type RefObject } from 'react';

/**
 * Moves focus to `target` once it is on screen, for an action that removes the control that had focus (ending a
 * chat): call the returned function, and focus lands there when a later render (`shown` changed) shows it.
 */
export function useFocusWhenShown(target: RefObject<HTMLElement | null>, shown: unknown): () => void {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (wanted && target.current) {
      target.current.focus();
      setWanted(false);
    }
  }, [wanted, target, shown]);
  return () => setWanted(true);
}
