import { describe, expect, it } from 'vitest';
import {
  gameDetailsPath,
  guestDestination,
  inquiryFeedbackPath,
  redirectTargetOf,
  routeNameOf,
  SUPPORT_AGENT_PATH,
  supportStepPath,
} from './routes.js';

describe('routeNameOf', () => {
  it('names every route of SPEC §2', () => {
    const names = {
      '/': 'home',
      '/vkRedirect': 'vkRedirect',
      '/login': 'login',
      '/UserCenter/': 'userCenter',
      '/GamesDetails/3': 'gameDetails',
      '/GamesDetails': 'notFound',
      '/GamesDetails/3/extra': 'notFound',
      '/SupportCenter': 'support.game',
      '/SupportCenter/history': 'support.history',
      '/SupportCenter/feedback': 'support.feedback',
      '/SupportCenter/agent': 'supportAgent',
      [SUPPORT_AGENT_PATH]: 'supportAgent',
      '/SupportCenter/elsewhere': 'notFound',
      '/nope': 'notFound',
    };
    for (const [path, name] of Object.entries(names)) expect(routeNameOf(path), path).toBe(name);
  });

  it('builds paths', () => {
    expect(supportStepPath('inquiry')).toBe('/SupportCenter/inquiry');
    expect(gameDetailsPath(4, 'features')).toBe('/GamesDetails/4#features');
    expect(inquiryFeedbackPath(12)).toBe('/SupportCenter/feedback?inquiryId=12');
  });
});

describe('redirectTargetOf', () => {
  it("sends the support centre's address, and one under it that names no step, to step one with its query, and no other", () => {
    expect(redirectTargetOf('/SupportCenter/desk', '?spec_lang=ar')).toBe('/SupportCenter/game?spec_lang=ar');
    expect(redirectTargetOf('/SupportCenter/desk/inbox', '')).toBe('/SupportCenter/game');
    expect(redirectTargetOf('/SupportCenter', '?spec_lang=en')).toBe('/SupportCenter/game?spec_lang=en');
    expect(redirectTargetOf('/SupportCenter/', '')).toBe('/SupportCenter/game');
    // A game client's entry keeps its token in one request: the shell takes it out of the address bar.
    expect(redirectTargetOf('/SupportCenter', '?oauth_token=t-123&clientId=3')).toBeNull();
    for (const path of ['/SupportCenter/question', '/SupportCenter/agent', '/', '/nope', '/GamesDetails/1/extra'])
      expect(redirectTargetOf(path, '?x=1'), path).toBeNull();
  });
});

describe('guestDestination', () => {
  it('keeps a page a guest can use, and sends one only a session can use to where a guest may go instead', () => {
    for (const page of ['/', '/GamesDetails/3#story', '/SupportCenter/question?game=3', '/SupportCenter/inquiry']) {
      expect(guestDestination(page), page).toBe(page);
    }
    expect(guestDestination('/UserCenter')).toBe('/');
    expect(guestDestination('/SupportCenter/history')).toBe('/SupportCenter/game');
    expect(guestDestination(inquiryFeedbackPath(7))).toBe('/SupportCenter/game');
    expect(guestDestination(SUPPORT_AGENT_PATH)).toBe('/SupportCenter/game');
  });
});
