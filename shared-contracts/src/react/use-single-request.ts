import { useCallback, useRef, useState } from 'react';

/**
 * One request at a time for a form or a button: `run(task)` does nothing while an earlier task is still running, so
 * a double click or a second Enter sends one request; `pending` says one is on its way. A ref decides, not the
 * state: two clicks in one frame both see the state of the render before them.
 */
export function useSingleRequest() {
  const running = useRef(false);
  const [pending, setPending] = useState(false);
  const run = useCallback(async (task: () => Promise<void>): Promise<void> => {
    if (running.current) return;
    running.current = true;
    setPending(true);
    try {
      await task();
    } finally {
      running.current = false;
      setPending(false);
    }
  }, []);
  return { pending, run };
}
