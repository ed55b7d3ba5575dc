import { emit } from '../event-bus.js';
import { platformStore, tokenAtom } from '../session/store.js';
import { LIVE_EVENTS_PATH } from './live-events.js';
import { platformApi } from './platform-api.js';

/**
 * The platform's live channel, for the shell to start once: a stream while a session is logged in (restarted
 * when the session changes), its events on the typed bus for every app: `inquiry:live` for each ticket change and
 * `live:state` when it opens (with `resumed`) or goes down, when screens rely on the SPEC's 60 s poll again. The
 * stream's code (live-channel.ts) loads with the first login: a guest's page, which most first loads are, carries
 * none of it.
 */
export function startPlatformLiveEvents(): () => void {
  let stop: (() => void) | null = null;
  // Each login change, and the stop, starts a new generation: a stream whose code arrives after a newer change
  // is not started.
  let generation = 0;
  const follow = (): void => {
    stop?.();
    stop = null;
    const current = ++generation;
    if (platformStore.get(tokenAtom) === null) return;
    import('./live-channel.js').then(
      ({ startLiveChannel }) => {
        if (current !== generation) return;
        stop = startLiveChannel({
          open: (lastEventId, signal) =>
            platformApi().openStream(LIVE_EVENTS_PATH, { headers: lastEventId === null ? {} : { 'last-event-id': lastEventId }, signal }),
          onEvent: (event) => emit('inquiry:live', event),
          onOpen: ({ resumed }) => emit('live:state', { state: 'open', resumed }),
          onDown: () => emit('live:state', { state: 'down', resumed: false }),
        });
      },
      // Its code did not arrive: the screens keep to the 60 s poll, as when the stream is down.
      () => current === generation && emit('live:state', { state: 'down', resumed: false }),
    );
  };
  // A page the browser keeps in its back/forward cache would keep its stream, and with it one of the six
  // connections a browser opens to an HTTP/1.1 origin and one of the account's streams: a few pages on, the next page
  // waited for a connection. The page left behind lets go of it, and opens a fresh one if it is brought back (its
  // screens then fetch what they show again, as after any fresh stream).
  const leave = (): void => {
    generation += 1;
    stop?.();
    stop = null;
  };
  const comeBack = (event: PageTransitionEvent): void => {
    if (event.persisted) follow();
  };
  window.addEventListener('pagehide', leave);
  window.addEventListener('pageshow', comeBack);
  const unsubscribe = platformStore.sub(tokenAtom, follow);
  follow();
  return () => {
    leave();
    unsubscribe();
    window.removeEventListener('pagehide', leave);
    window.removeEventListener('pageshow', comeBack);
  };
}
