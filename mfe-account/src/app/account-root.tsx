import { Route, Routes } from 'react-router';
import { ROUTES } from 'shared-contracts';
import { LoginPage } from '../features/login/login-page.js';
import { UserCenterPage } from '../features/user-center/user-center-page.js';
import { VkRedirectPage } from '../features/vk-redirect/vk-redirect-page.js';

/** The account remote's routes (SPEC §2): login, the VK landing page and the user center. */
export function AccountRoutes() {
  return (
    <Routes>
      <Route path={ROUTES.login} element={<LoginPage />} />
      <Route path={ROUTES.vkRedirect} element={<VkRedirectPage />} />
      <Route path={ROUTES.userCenter} element={<UserCenterPage />} />
      <Route path="*" element={null} />
    </Routes>
  );
}
