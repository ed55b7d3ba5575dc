import { useCallback, useEffect, useState } from 'react';
import { ApiError, ERROR_CODES, platformApi, type EndpointQuery, type EndpointResponse } from 'shared-contracts';
import { supportErrorKey } from '../../lib/error-key.js';

type Queue = EndpointResponse<'agentInquiries'>;

export type QueueState =
  | { status: 'loading'; previous: Queue | null }
  | { status: 'ready'; queue: Queue }
  | { status: 'refused' }
  | { status: 'failed'; messageKey: string; previous: Queue | null };

/** The page of the queue to show: the one loaded, or while the next loads or failed to, the one before. */
export function shownQueue(state: QueueState): Queue | null {
  if (state.status === 'ready') return state.queue;
  return state.status === 'refused' ? null : state.previous;
}

/**
 * The agents' queue for a filter. The page shown stays while the next loads (a refresh after a reply does not
 * blank it); a session that is not an agent's is `refused` (the API answers 4030 'agentsOnly').
 */
export function useAgentQueue(query: EndpointQuery<'agentInquiries'>): [QueueState, () => void] {
  const [state, setState] = useState<QueueState>({ status: 'loading', previous: null });
  const [version, setVersion] = useState(0);
  const key = JSON.stringify(query);
  useEffect(() => {
    const controller = new AbortController();
    setState((current) => ({ status: 'loading', previous: shownQueue(current) }));
    platformApi()
      .call('agentInquiries', { query: JSON.parse(key) as EndpointQuery<'agentInquiries'>, signal: controller.signal })
      .then(
        (queue) => !controller.signal.aborted && setState({ status: 'ready', queue }),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          if (error instanceof ApiError && error.code === ERROR_CODES.forbidden) setState({ status: 'refused' });
          else
            setState((current) => ({
              status: 'failed',
              messageKey: supportErrorKey(error, 'support:errors.loadFailed'),
              previous: shownQueue(current),
            }));
        },
      );
    return () => controller.abort();
  }, [key, version]);
  return [state, useCallback(() => setVersion((value) => value + 1), [])];
}
