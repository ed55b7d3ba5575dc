import type { EndpointQuery, EndpointResponse } from 'shared-contracts';
import { useAgentCall, type AgentCallState } from '../../lib/use-agent-call.js';

export type QueueState = AgentCallState<EndpointResponse<'agentInquiries'>>;

/** The agents' queue for a filter; the page shown stays while the next loads. */
export function useAgentQueue(query: EndpointQuery<'agentInquiries'>) {
  return useAgentCall('agentInquiries', JSON.stringify(query), () => ({ query }));
}
