import { useMemo, useState } from 'react';
import { ApiError, ERROR_CODES, type CallInput, type EndpointName, type EndpointResponse } from 'shared-contracts';
import { useEndpoint, useSession } from 'shared-contracts/react';
import { supportErrorKey } from './error-key.js';

export type AgentCallState<Data> =
  | { status: 'loading'; previous: Data | null }
  | { status: 'ready'; data: Data }
  /** Not an agent's session (the API answers 4030 'agentsOnly'). */
  | { status: 'refused' }
  | { status: 'failed'; messageKey: string; previous: Data | null };

/** What a list of the desk shows: the answer, or while the next loads or after it failed, the one before. */
export function shownData<Data>(state: AgentCallState<Data>): Data | null {
  if (state.status === 'ready') return state.data;
  return state.status === 'refused' ? null : state.previous;
}

/**
 * One of the desk's lists (the queue, the canned replies) for a filter (`key`, see useEndpoint): the list shown
 * stays while the next loads or when it fails (a refresh after a reply does not blank it), and a session that is not
 * an agent's is `refused` rather than failed. A player's session is refused without asking (the API would refuse
 * it all the same); a session whose role is not known yet asks, and the API's answer tells.
 */
export function useAgentCall<Name extends EndpointName>(
  name: Name,
  key: string,
  input: () => CallInput<Name>,
): [AgentCallState<EndpointResponse<Name>>, () => void, () => void] {
  const player = useSession().role === 'player';
  const [state, retry, refreshQuietly] = useEndpoint(name, player ? null : key, input);
  const [shown, setShown] = useState<EndpointResponse<Name> | null>(null);
  if (state.status === 'ready' && state.data !== shown) setShown(state.data);
  const call = useMemo<AgentCallState<EndpointResponse<Name>>>(() => {
    if (player) return { status: 'refused' };
    if (state.status === 'ready') return { status: 'ready', data: state.data };
    if (state.status !== 'failed') return { status: 'loading', previous: shown };
    if (state.error instanceof ApiError && state.error.code === ERROR_CODES.forbidden) return { status: 'refused' };
    return { status: 'failed', messageKey: supportErrorKey(state.error, 'support:errors.loadFailed'), previous: shown };
  }, [player, state, shown]);
  return [call, retry, refreshQuietly];
}
