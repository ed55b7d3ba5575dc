import {
  ApiError,
  ERROR_CODES,
  TIMINGS,
  accountRoleAtom,
  clientIdQuery,
  on,
  platformApi,
  platformStore,
  type EndpointResponse,
} from 'shared-contracts';

export type Feedback = EndpointResponse<'inquiryFeedback'>;

export const NO_FEEDBACK: Feedback = { count: 0, hasNew: false };

export interface FeedbackPollingOptions {
  /** Receives every answer, and NO_FEEDBACK when the player is logged out. */
  publish: (feedback: Feedback) => void;
  /** `quiet`: a refresh the player did not ask for (the poll, a ticket's change), sent as one (CallInput.quiet). */
  load?: (quiet: boolean) => Promise<Feedback>;
}

// A game client's dot is about that game's inquiries (SPEC §7 clientId).
const loadFeedback = (quiet: boolean): Promise<Feedback> => platformApi().call('inquiryFeedback', { query: clientIdQuery(), quiet });

/**
 * Keeps the feedback dot current (SPEC §2): asks at once, then every TIMINGS.feedbackPollMs while the tab is
 * visible, and at once when the tab becomes visible again, a ticket changes (`inquiry:updated`, or `inquiry:live`
 * from the live channel, so an agent's reply lights the dot within a second) or the login changes
 * (`session:changed`). A live change of the conversation the player is reading (`inquiry:reading`) is left to that
 * screen, which reads it (and so marks it seen) and then sends `inquiry:updated`: the dot does not flash meanwhile.
 * The poll goes on while the live channel is open, as the fallback for when it is down. It asks only a player's
 * session (the session's role): logged out, or logged in as a customer-service agent (who has no player tickets,
 * and whom the API refuses the call with 4030), it asks nothing, and a login whose role `/users/info` has not told
 * yet waits for it (`session:changed`). A failed call keeps the last answer: the dot is a hint, and a
 * poll every minute must not turn a flaky connection into a stream of errors (-600 is handled by the API client).
 * A session the API refuses all the same (a stored role gone stale) is not asked again until the login changes.
 * The poll and the refreshes a ticket's change causes are quiet (CallInput.quiet): the player asked for none of
 * them, so a page left open still reaches the session's idle timeout; the first call, a login and the tab shown
 * again are the player's own. Returns the function that stops it.
 */
export function startFeedbackPolling({ publish, load = loadFeedback }: FeedbackPollingOptions): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Every refresh (and the stop) starts a new generation; an answer from an older one is dropped, so a reply that
  // arrives after a logout or a newer refresh never overwrites what is current.
  let generation = 0;
  let refusedToThisSession = false;

  const isVisible = () => document.visibilityState === 'visible';

  const refreshQuietly = () => refresh(true);

  function refresh(quiet: boolean): void {
    clearTimeout(timer);
    timer = undefined;
    const current = ++generation;
    if (platformStore.get(accountRoleAtom) !== 'player' || refusedToThisSession) {
      publish(NO_FEEDBACK);
      return;
    }
    if (isVisible()) timer = setTimeout(refreshQuietly, TIMINGS.feedbackPollMs);
    load(quiet).then(
      (feedback) => {
        if (current === generation) publish(feedback);
      },
      (error: unknown) => {
        if (current !== generation || !(error instanceof ApiError) || error.code !== ERROR_CODES.forbidden) return;
        refusedToThisSession = true;
        clearTimeout(timer);
        timer = undefined;
      },
    );
  }

  function onVisibilityChange(): void {
    if (isVisible()) {
      refresh(false);
    } else {
      clearTimeout(timer);
      timer = undefined;
    }
  }

  let reading: number | null = null;
  // Sent after a ticket was read or sent: the call that read or sent it was the player's own, or a live refresh.
  const stopInquiryUpdates = on('inquiry:updated', refreshQuietly);
  const stopReading = on('inquiry:reading', ({ inquiryId }) => {
    reading = inquiryId;
  });
  const stopLiveChanges = on('inquiry:live', ({ inquiryId }) => {
    if (inquiryId !== reading) refreshQuietly();
  });
  const stopSessionChanges = on('session:changed', () => {
    // Another account's dot must not linger while the new account's answer is on its way.
    refusedToThisSession = false;
    publish(NO_FEEDBACK);
    refresh(false);
  });
  document.addEventListener('visibilitychange', onVisibilityChange);
  refresh(false);

  return () => {
    generation += 1;
    clearTimeout(timer);
    stopInquiryUpdates();
    stopReading();
    stopLiveChanges();
    stopSessionChanges();
    document.removeEventListener('visibilitychange', onVisibilityChange);
  };
}
