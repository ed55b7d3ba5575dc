import { describe, expect, it } from 'vitest';
import { gameDetailsPath, inquiryFeedbackPath, routeNameOf, SUPPORT_AGENT_PATH, supportStepPath } from './routes.js';

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
