import { StaticRouter } from 'react-router';
import { ROUTES, routeNameOf } from 'shared-contracts';
import { createFirstViewRenderer } from 'shared-contracts/server';
import { AccountRoutes } from '../app/account-root.js';
import { LOGIN_CONFIG_ISLAND_ID, seedOfferedProviders } from '../lib/login-config-resource.js';
import { loadAccountMessages } from '../app/messages.js';

/**
 * The account remote's first view (README "First view in the HTML"): the login page as a guest sees it, with the social logins offered.
 * The user center and the VK landing page are personal and stay rendered in the browser.
 */
export const renderer = createFirstViewRenderer({
  namespace: 'account',
  loadMessages: loadAccountMessages,
  warmUpPages: [ROUTES.login],
  view: async (request, api) => {
    if (routeNameOf(request.path) !== 'login') return null;
    const { providers } = await api.call('loginConfig', { query: {} });
    return {
      islands: { [LOGIN_CONFIG_ISLAND_ID]: providers },
      element: () => {
        seedOfferedProviders(providers);
        return (
          <StaticRouter location={request.path} basename={ROUTES.home}>
            <AccountRoutes />
          </StaticRouter>
        );
      },
    };
  },
});
