import { useCallback, useEffect, useState } from 'react';
import { supportErrorKey } from './error-key.js';
import { platformApi, type CallInput, type EndpointName, type EndpointResponse } from 'shared-contracts';

export type CallState<Name extends EndpointName> =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; data: EndpointResponse<Name> }
  /** `messageKey`: SPEC §8's network message, the API's own refusal (agentsOnly, playersOnly...), or loadFailed. */
  | { status: 'failed'; messageKey: string };

/**
 * One API read for a screen: loading, data or failure, refetched when `key` changes (null means "not yet"),
 * with `retry()`. An answer that arrives after the key changed is dropped.
 */
export function useCall<Name extends EndpointName>(
  name: Name,
  key: string | null,
  input: () => CallInput<Name>,
): [CallState<Name>, () => void] {
  const [state, setState] = useState<CallState<Name>>({ status: 'idle' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (key === null) {
      setState({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    setState({ status: 'loading' });
    platformApi()
      .call(name, { ...input(), signal: controller.signal })
      .then(
        (data) => !controller.signal.aborted && setState({ status: 'ready', data }),
        (error: unknown) =>
          !controller.signal.aborted && setState({ status: 'failed', messageKey: supportErrorKey(error, 'support:errors.loadFailed') }),
      );
    return () => controller.abort();
    // `input` is read when `key` changes; the key names everything the input depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [name, key, attempt]);
  return [state, useCallback(() => setAttempt((value) => value + 1), [])];
}
