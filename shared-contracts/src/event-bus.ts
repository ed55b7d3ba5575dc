import type { Language } from './areas.js';
import type { TicketLiveEvent } from './api/live-events.js';

/**
 * Every event that crosses app boundaries, with its payload. Adding an event means adding it here; nothing
 * untyped crosses (DESIGN §4).
 */
export interface PlatformEvents {
  /** Login state changed (login, logout, expiry, restored from storage, a logout in another tab). */
  'session:changed': { loggedIn: boolean; reason: 'login' | 'logout' | 'expired' | 'restored' | 'elsewhere' };
  /** The API answered -600: the session is invalid and has been cleared. */
  'session:expired': { code: -600 };
  /** A ticket changed; the feedback dot refreshes at once. */
  'inquiry:updated': { inquiryId?: number };
  /** The live channel reports a change of a ticket on the server; screens showing it fetch it again. */
  'inquiry:live': TicketLiveEvent;
  /**
   * The live channel opened (`resumed`: nothing was missed since the last stream; otherwise screens fetch what they
   * show again) or went down (screens rely on the SPEC's 60 s poll until it is back).
   */
  'live:state': { state: 'open' | 'down'; resumed: boolean };
  /** The conversation a player has on screen (null: none): its replies count as seen, so they light no dot. */
  'inquiry:reading': { inquiryId: number | null };
  /** A short message for the player; the shell shows it for TIMINGS.toastMs. */
  'toast:show': { message: string; tone: 'info' | 'success' | 'error' };
  /** A remote asks the shell to switch language (the shell rewrites the URL and reloads, SPEC §4). */
  'locale:change-requested': { language: Language };
  /** Number of calls in flight that SPEC §7 marks as showing loading. */
  'loading:changed': { pending: number };
  /** A remote failed to load or mount; the shell shows its notice. */
  'remote:failed': { name: string; reason: string };
}

export type PlatformEventName = keyof PlatformEvents;

const PREFIX = 'platform:';
const TARGET_KEY = Symbol.for('publisher.platform.eventTarget');

/**
 * One EventTarget per window, so the bus still works if a module graph ends up loaded twice
 * (a remote with its own copy of this package still talks to the shell).
 */
function target(): EventTarget {
  const holder = globalThis as unknown as Record<symbol, EventTarget | undefined>;
  holder[TARGET_KEY] ??= new EventTarget();
  return holder[TARGET_KEY];
}

export function emit<Name extends PlatformEventName>(name: Name, detail: PlatformEvents[Name]): void {
  target().dispatchEvent(new CustomEvent(PREFIX + name, { detail }));
}

/** Subscribes to one event; returns the function that unsubscribes. */
export function on<Name extends PlatformEventName>(name: Name, listener: (detail: PlatformEvents[Name]) => void): () => void {
  const handler = (event: Event): void => listener((event as CustomEvent<PlatformEvents[Name]>).detail);
  target().addEventListener(PREFIX + name, handler);
  return () => target().removeEventListener(PREFIX + name, handler);
}
