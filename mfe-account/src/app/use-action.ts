import { useRef, useState } from 'react';
import { apiErrorKey } from './errors.js';

export interface ActionMessage {
  key: string;
  tone: 'error' | 'success';
}

/**
 * One call at a time with its outcome as a translated message: a second submit while the first is pending is
 * ignored (no duplicate request), a failure becomes the API's message key or `failureKey`.
 */
export function useAction(failureKey: string) {
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<ActionMessage | null>(null);
  const running = useRef(false);

  /** Runs `task`; what it returns is the success message key, if any. */
  const run = async (task: () => Promise<string | null>): Promise<void> => {
    if (running.current) return;
    running.current = true;
    setPending(true);
    setMessage(null);
    try {
      const successKey = await task();
      if (successKey) setMessage({ key: successKey, tone: 'success' });
    } catch (error) {
      setMessage({ key: apiErrorKey(error, failureKey), tone: 'error' });
    } finally {
      running.current = false;
      setPending(false);
    }
  };

  return { pending, message, setMessage, run };
}
