import { useState } from 'react';
import { loadSchemas, type Schemas } from 'shared-contracts';
import { useSingleRequest } from 'shared-contracts/react';
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
  const single = useSingleRequest();
  const [message, setMessage] = useState<ActionMessage | null>(null);

  /** Runs `task`; what it returns is the success message key, if any. */
  const run = (task: () => Promise<string | null>): Promise<void> =>
    single.run(async () => {
      setMessage(null);
      try {
        const successKey = await task();
        if (successKey) setMessage({ key: successKey, tone: 'success' });
      } catch (error) {
        setMessage({ key: apiErrorKey(error, failureKey), tone: 'error' });
      }
    });

  /**
   * The shared schemas for the form's checks, loading since the form's first focus (preloadSchemas), so normally
   * already in; null, with the network message shown, when they cannot load.
   */
  const schemas = (): Promise<Schemas | null> =>
    loadSchemas().catch(() => {
      setMessage({ key: 'common:errors.network', tone: 'error' });
      return null;
    });

  return { pending: single.pending, message, setMessage, run, schemas };
}
