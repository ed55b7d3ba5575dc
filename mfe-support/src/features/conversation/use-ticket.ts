import { useCallback, useEffect, useState } from 'react';
import { ApiError, ERROR_CODES, platformApi, type EndpointResponse } from 'shared-contracts';
import { supportErrorKey } from '../../lib/error-key.js';

type TicketEndpoint = 'inquiryDetail' | 'agentInquiryDetail';

export type TicketState<Name extends TicketEndpoint> =
  | { status: 'loading' }
  | { status: 'notFound' }
  | { status: 'failed'; messageKey: string }
  /** `refreshFailed`: the message of a reload that failed; the ticket shown is the one loaded before it. */
  | { status: 'ready'; ticket: EndpointResponse<Name>; refreshFailed?: string };

/**
 * One ticket with its conversation. `reload()` fetches it again after a change while the conversation stays on
 * screen; a missing ticket (or another player's: the API answers both alike) is `notFound`, not a failure. A reload
 * that fails keeps the conversation on screen, and what the player was writing in it, with `refreshFailed` set; the
 * browser coming back online reloads it quietly.
 */
export function useTicket<Name extends TicketEndpoint>(
  name: Name,
  inquiryId: number | null,
): [TicketState<Name>, (options?: { quiet?: boolean }) => void] {
  const [state, setState] = useState<TicketState<Name>>({ status: inquiryId === null ? 'notFound' : 'loading' });
  // `quiet`: a live refresh, which shows no loading indicator.
  const [request, setRequest] = useState({ version: 0, quiet: false });
  // A new ticket starts from "loading"; a reload of the same one keeps it on screen until the answer comes.
  const [shownId, setShownId] = useState(inquiryId);
  if (shownId !== inquiryId) {
    setShownId(inquiryId);
    setState({ status: inquiryId === null ? 'notFound' : 'loading' });
  }

  useEffect(() => {
    if (inquiryId === null) {
      setState({ status: 'notFound' });
      return;
    }
    const controller = new AbortController();
    // Both endpoints take the same query; widening the name lets TypeScript see that.
    platformApi()
      .call<TicketEndpoint>(name, { query: { inquiryId }, signal: controller.signal, quiet: request.quiet })
      .then(
        (ticket) => !controller.signal.aborted && setState({ status: 'ready', ticket: ticket as EndpointResponse<Name> }),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          if (error instanceof ApiError && error.code === ERROR_CODES.notFound) return setState({ status: 'notFound' });
          const messageKey = supportErrorKey(error, 'support:errors.loadFailed');
          setState((current) =>
            current.status === 'ready' ? { ...current, refreshFailed: messageKey } : { status: 'failed', messageKey },
          );
        },
      );
    return () => controller.abort();
  }, [name, inquiryId, request]);

  const reload = useCallback((options: { quiet?: boolean } = {}) => {
    setState((current) => (current.status === 'ready' ? current : { status: 'loading' }));
    setRequest((current) => ({ version: current.version + 1, quiet: options.quiet ?? false }));
  }, []);

  const refreshFailed = state.status === 'ready' && state.refreshFailed !== undefined;
  useEffect(() => {
    if (!refreshFailed) return;
    const reloadQuietly = () => reload({ quiet: true });
    window.addEventListener('online', reloadQuietly);
    return () => window.removeEventListener('online', reloadQuietly);
  }, [refreshFailed, reload]);
  return [state, reload];
}
