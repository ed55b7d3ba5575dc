import type { EndpointResponse, Language } from 'shared-contracts';
import { useAgentCall, type AgentCallState } from '../../lib/use-agent-call.js';

export type CannedRepliesState = AgentCallState<EndpointResponse<'cannedReplies'>>;

/**
 * The canned replies of `language` (null: every language) whose title holds `search`, by title. The list shown
 * stays while the next loads, so a refresh after a change does not blank it.
 */
export function useCannedReplies(language: Language | null, search = '') {
  const query = { ...(language ? { language } : {}), ...(search ? { search } : {}) };
  return useAgentCall('cannedReplies', JSON.stringify(query), () => ({ query }));
}
