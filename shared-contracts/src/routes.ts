import { STORAGE_KEYS } from './session/storage-keys.js';

/** Route paths of SPEC §2, the only place they are spelled. */
export const ROUTES = {
  home: '/',
  vkRedirect: '/vkRedirect',
  login: '/login',
  userCenter: '/UserCenter',
  gameDetails: '/GamesDetails',
  supportCenter: '/SupportCenter',
} as const;

/** Support steps zero to four and their child routes (DESIGN §7). */
export const SUPPORT_STEPS = ['history', 'game', 'question', 'inquiry', 'feedback'] as const;
export type SupportStep = (typeof SUPPORT_STEPS)[number];

export const SUPPORT_DEFAULT_STEP: SupportStep = 'game';
/** Steps that show the self-service repay button (SPEC §2). */
export const REPAY_STEPS: ReadonlySet<SupportStep> = new Set<SupportStep>(['question', 'inquiry']);

export function supportStepPath(step: SupportStep): string {
  return `${ROUTES.supportCenter}/${step}`;
}

/**
 * The help topics step's address names its game (`/SupportCenter/question?game=3`): a link to a game's help topics
 * works in any tab, from any app, and the page's HTML carries the topics.
 */
export const QUESTION_GAME_PARAM = 'game';

/** Step two for one game: its help topics, where a game's own page sends a player who needs help with it. */
export function helpTopicsPath(gameId: number): string {
  return `${supportStepPath('question')}?${new URLSearchParams({ [QUESTION_GAME_PARAM]: String(gameId) }).toString()}`;
}

/** Step four for one ticket (DESIGN §7): its conversation, add information, end and rate. */
export function inquiryFeedbackPath(inquiryId: number): string {
  return `${supportStepPath('feedback')}?inquiryId=${inquiryId}`;
}

/** The customer-service agents' desk (DESIGN §5), inside the support remote but not one of the player's steps. */
export const SUPPORT_AGENT_SEGMENT = 'agent';
export const SUPPORT_AGENT_PATH = `${ROUTES.supportCenter}/${SUPPORT_AGENT_SEGMENT}`;

/** The All games grid on the front page (SPEC §2), the side menu's "All games" entry. */
export const ALL_GAMES_ANCHOR = 'all-games';
export const ALL_GAMES_PATH = `${ROUTES.home}#${ALL_GAMES_ANCHOR}`;

export function gameDetailsPath(gameId: number, section?: string): string {
  const path = `${ROUTES.gameDetails}/${gameId}`;
  return section ? `${path}#${encodeURIComponent(section)}` : path;
}

/**
 * Where a guest who chose "Continue as guest" instead of logging in goes from `returnTo`, the page that asked for the
 * login: there, unless it is one only a session can use, which would only ask again. The user center becomes the
 * front page; the player's inquiries and a conversation become the support centre's first step, where a guest may
 * browse the help topics.
 */
export function guestDestination(returnTo: string): string {
  const route = routeNameOf(new URL(returnTo, 'http://site.invalid').pathname);
  if (route === 'userCenter') return ROUTES.home;
  if (route === 'support.history' || route === 'support.feedback' || route === 'supportAgent') return supportStepPath(SUPPORT_DEFAULT_STEP);
  return returnTo;
}

/** Names the shell uses for the page title; `vkRedirect` has an empty title (SPEC §2). */
export type RouteName =
  'home' | 'vkRedirect' | 'login' | 'userCenter' | 'gameDetails' | `support.${SupportStep}` | 'supportAgent' | 'notFound';

export function routeNameOf(pathname: string): RouteName {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === ROUTES.home) return 'home';
  if (path === ROUTES.vkRedirect) return 'vkRedirect';
  if (path === ROUTES.login) return 'login';
  if (path === ROUTES.userCenter) return 'userCenter';
  // One segment, the game's id: deeper addresses are not a game's (the catalogue shows them not found).
  if (path.startsWith(`${ROUTES.gameDetails}/`) && !path.includes('/', ROUTES.gameDetails.length + 1)) return 'gameDetails';
  if (path === ROUTES.supportCenter) return `support.${SUPPORT_DEFAULT_STEP}`;
  if (path.startsWith(`${ROUTES.supportCenter}/`)) {
    const step = path.slice(ROUTES.supportCenter.length + 1).split('/')[0];
    if (step === SUPPORT_AGENT_SEGMENT) return 'supportAgent';
    const known = SUPPORT_STEPS.find((candidate) => candidate === step);
    if (known) return `support.${known}`;
  }
  return 'notFound';
}

/**
 * Where the platform sends an address instead of showing it: the support centre's own (SPEC §2: it redirects to
 * /SupportCenter/game) and one under it that names no step go to step one, as the support remote's own routes do
 * (mfe-support `support-root.tsx`), with the address's query. The shell's page server answers such an address with
 * this redirect, not with a page whose region stays empty (the first view is step one's) or a "Page not found" that
 * the browser then leaves for step one. A game client's entry (`/SupportCenter?oauth_token=…`, README "In-game
 * entry") is not redirected: its session token would travel in a second request; the shell takes it out of the
 * address bar first.
 */
export function redirectTargetOf(pathname: string, search: string): string | null {
  const path = pathname.replace(/\/+$/, '');
  const centre = path === ROUTES.supportCenter && !new URLSearchParams(search).has(STORAGE_KEYS.token);
  const unknownStep = path.startsWith(`${ROUTES.supportCenter}/`) && routeNameOf(path) === 'notFound';
  return centre || unknownStep ? `${supportStepPath(SUPPORT_DEFAULT_STEP)}${search}` : null;
}
