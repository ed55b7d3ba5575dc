import { describe, expect, it } from 'vitest';
import { gameDetailsPath, inquiryFeedbackPath, routeNameOf, SUPPORT_AGENT_PATH, supportStepPath } from './routes.js';

describe('routeNameOf', () => {
  it('names every route of SPEC §2', () => {
    expect(routeNameOf('/')).toBe('home');
    expect(routeNameOf('/vkRedirect')).toBe('vkRedirect');
    expect(routeNameOf('/login')).toBe('login');
    expect(routeNameOf('/UserCenter/')).toBe('userCenter');
    expect(routeNameOf('/GamesDetails/3')).toBe('gameDetails');
    expect(routeNameOf('/SupportCenter')).toBe('support.game');
    expect(routeNameOf('/SupportCenter/history')).toBe('support.history');
    expect(routeNameOf('/SupportCenter/feedback')).toBe('support.feedback');
    expect(routeNameOf('/SupportCenter/agent')).toBe('supportAgent');
    expect(routeNameOf(SUPPORT_AGENT_PATH)).toBe('supportAgent');
    expect(routeNameOf('/SupportCenter/elsewhere')).toBe('notFound');
    expect(routeNameOf('/nope')).toBe('notFound');
  });

  it('builds paths', () => {
    expect(supportStepPath('inquiry')).toBe('/SupportCenter/inquiry');
    expect(gameDetailsPath(4, 'features')).toBe('/GamesDetails/4#features');
    expect(inquiryFeedbackPath(12)).toBe('/SupportCenter/feedback?inquiryId=12');
  });
});
