import { useMemo } from 'react';
import { supportErrorKey } from './error-key.js';
import {
  getPlatformContext,
  snapshotDataIsland,
  type CallInput,
  type EndpointName,
  type EndpointResponse,
  type Language,
} from 'shared-contracts';
import { useEndpoint } from 'shared-contracts/react';

export type CallState<Name extends EndpointName> =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; data: EndpointResponse<Name> }
  /** `messageKey`: SPEC §8's network message, the API's own refusal (agentsOnly, playersOnly...), or loadFailed. */
  | { status: 'failed'; messageKey: string };

/** The answers a support first view was rendered from, by `carriedCallKey`, as its data island carries them. */
export type CarriedCalls = Record<string, unknown>;

/** The data island of a support first view's answers (server/first-view.tsx). */
export const CARRIED_CALLS_ISLAND_ID = 'support-calls';

/** Where one answer sits in `CarriedCalls`: the endpoint and the key its screen asks with. */
export function carriedCallKey(name: EndpointName, key: string): string {
  return `${name} ${key}`;
}

/** On the server, the answers the render in progress reads (the render is one synchronous step per request). */
let serverCalls: { language: Language; calls: CarriedCalls } | undefined;

/** Gives a server render the answers it shows; the same answers then go into the page as its data island. */
export function seedCarriedCalls(language: Language, calls: CarriedCalls): void {
  serverCalls = { language, calls };
}

/**
 * In the browser, the page's answers, read when this module loads: the support steps sit in a Suspense boundary,
 * which React hydrates after the root's first commit has dropped the page's islands. Each answer serves one render
 * (the first view's); a screen shown later asks the API afresh.
 */
const pageCalls = snapshotDataIsland<CarriedCalls>(CARRIED_CALLS_ISLAND_ID);

/** The answer the page carries for this call, if any: what the first view showed, so nothing is asked twice. */
function carriedAnswer<Name extends EndpointName>(name: Name, key: string | null): EndpointResponse<Name> | undefined {
  if (key === null) return undefined;
  const { language } = getPlatformContext();
  const callKey = carriedCallKey(name, key);
  if (typeof document === 'undefined')
    return serverCalls?.language === language ? (serverCalls.calls[callKey] as EndpointResponse<Name>) : undefined;
  if (pageCalls?.language !== language || !(callKey in pageCalls.value)) return undefined;
  const answer = pageCalls.value[callKey] as EndpointResponse<Name>;
  delete pageCalls.value[callKey];
  return answer;
}

/**
 * One API read for a screen (useEndpoint), its failure worded as a support message key. An answer the page's first
 * view carries is the first state, and is not asked for again.
 */
export function useCall<Name extends EndpointName>(
  name: Name,
  key: string | null,
  input: () => CallInput<Name>,
): [CallState<Name>, () => void, () => void] {
  const [state, retry, refreshQuietly] = useEndpoint(name, key, input, () => carriedAnswer(name, key));
  const call = useMemo<CallState<Name>>(
    () => (state.status === 'failed' ? { status: 'failed', messageKey: supportErrorKey(state.error, 'support:errors.loadFailed') } : state),
    [state],
  );
  return [call, retry, refreshQuietly];
}
