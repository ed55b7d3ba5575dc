import { Route, Routes } from 'react-router';
import { ROUTES } from 'shared-contracts';
import { NotFoundView } from 'shared-contracts/react';
import { LoginPage } from '../features/login/login-page.js';
import { UserCenterPage } from '../features/user-center/user-center-page.js';
import { VkRedirectPage } from '../features/vk-redirect/vk-redirect-page.js';

/**
 * The account remote's routes (SPEC §2): login, the VK landing page and the user center. An address below one of
 * them is not found; every other path belongs to another app, so the catch-all shows nothing.
 */
export function AccountRoutes() {
  return (
    <Routes>
      <Route path={ROUTES.login} element={<LoginPage />} />
      <Route path={ROUTES.vkRedirect} element={<VkRedirectPage />} />
      <Route path={ROUTES.userCenter} element={<UserCenterPage />} />
      {[ROUTES.login, ROUTES.vkRedirect, ROUTES.userCenter].map((prefix) => (
        <Route key={prefix} path={`${prefix}/*`} element={<NotFoundView />} />
      ))}
      <Route path="*" element={null} />
    </Routes>
  );
}
