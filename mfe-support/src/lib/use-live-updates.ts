import { useEffect, useRef } from 'react';
import { on, type TicketLiveEvent } from 'shared-contracts';

/** One action is often several events (a reply and the status it causes): they make one refresh. */
const GATHER_MS = 60;

export interface LiveUpdateOptions {
  /** Wait while the tab is hidden and refresh once it is visible again (what is refreshed counts as read). */
  whileVisible?: boolean;
}

/**
 * Calls `refresh` when the live channel (issue 15, started by the shell) reports a change that `concerns` the
 * screen, and when the channel opens again without having resumed, since something may have been missed.
 * While the channel is down the screen stays as it was; the poll and the player's own actions still refresh it.
 */
export function useLiveUpdates(concerns: (event: TicketLiveEvent) => boolean, refresh: () => void, options: LiveUpdateOptions = {}): void {
  const latest = useRef({ concerns, refresh });
  latest.current = { concerns, refresh };
  const whileVisible = options.whileVisible ?? false;

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let missed = false;
    const hidden = () => whileVisible && document.visibilityState !== 'visible';
    const schedule = () => {
      if (hidden()) {
        missed = true;
        return;
      }
      // Events arriving while one refresh is due join it; a steady flow of them still refreshes every GATHER_MS.
      timer ??= setTimeout(() => {
        timer = undefined;
        latest.current.refresh();
      }, GATHER_MS);
    };
    const onVisibility = () => {
      if (!hidden() && missed) {
        missed = false;
        schedule();
      }
    };
    const stopEvents = on('inquiry:live', (event) => {
      if (latest.current.concerns(event)) schedule();
    });
    const stopStates = on('live:state', ({ state, resumed }) => {
      if (state === 'open' && !resumed) schedule();
    });
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      clearTimeout(timer);
      stopEvents();
      stopStates();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [whileVisible]);
}
