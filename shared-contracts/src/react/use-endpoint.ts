import { useCallback, useEffect, useRef, useState } from 'react';
import { platformApi, type CallInput, type EndpointName, type EndpointResponse } from 'shared-contracts';

export type DataState<Data> =
  { status: 'idle' } | { status: 'loading' } | { status: 'ready'; data: Data } | { status: 'failed'; error: unknown };

/**
 * The platform's one way for a screen to load server data: loading, data or failure, loaded again when `key`
 * changes (null means "not yet"), with `retry()`. An answer that arrives after the key changed is dropped (and its
 * request aborted). `carried` gives the data the page already has (a first view's data island, a list loaded once
 * per page), read once, on the first render: it is the first state, and is not asked for again. The third function
 * loads again quietly (`load`'s `quiet`): a refresh the person did not ask for, after a live event (CallInput.quiet);
 * a key that changes meanwhile loads as the person's own request.
 */
export function useData<Data>(
  key: string | null,
  load: (signal: AbortSignal, quiet: boolean) => Promise<Data>,
  carried?: () => Data | undefined,
): [DataState<Data>, () => void, () => void] {
  const [state, setState] = useState<DataState<Data>>(() => {
    const data = key === null ? undefined : carried?.();
    return data === undefined ? { status: 'idle' } : { status: 'ready', data };
  });
  // `quietFor`: the key of a quiet refresh; a retry, or a load for another key, is the person's.
  const [attempt, setAttempt] = useState<{ count: number; quietFor: string | null }>({ count: 0, quietFor: null });
  const latestKey = useRef(key);
  latestKey.current = key;
  // The key whose data the first state carries: the first run of the effect for it asks nothing.
  const carriedKey = useRef(state.status === 'ready' ? key : null);
  useEffect(() => {
    const carriedFor = carriedKey.current;
    carriedKey.current = null;
    if (carriedFor !== null && carriedFor === key) return;
    if (key === null) {
      setState({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    setState({ status: 'loading' });
    load(controller.signal, attempt.quietFor === key).then(
      (data) => !controller.signal.aborted && setState({ status: 'ready', data }),
      (error: unknown) => !controller.signal.aborted && setState({ status: 'failed', error }),
    );
    return () => controller.abort();
    // `load` is read when `key` changes; the key names everything the load depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt]);
  const retry = useCallback(() => setAttempt(({ count }) => ({ count: count + 1, quietFor: null })), []);
  const refreshQuietly = useCallback(() => setAttempt(({ count }) => ({ count: count + 1, quietFor: latestKey.current })), []);
  return [state, retry, refreshQuietly];
}

/** useData for one API call (`platformApi().call`): `input` is read when `key` changes. */
export function useEndpoint<Name extends EndpointName>(
  name: Name,
  key: string | null,
  input: () => CallInput<Name>,
  carried?: () => EndpointResponse<Name> | undefined,
): [DataState<EndpointResponse<Name>>, () => void, () => void] {
  return useData(key, (signal, quiet) => platformApi().call(name, { ...input(), signal, quiet }), carried);
}
