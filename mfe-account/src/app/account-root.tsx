import { useMemo } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { ROUTES } from 'shared-contracts';
import type { RemoteProps } from 'shared-contracts/react';
import { LoginPage } from '../features/login/login-page.js';
import { UserCenterPage } from '../features/user-center/user-center-page.js';
import { VkRedirectPage } from '../features/vk-redirect/vk-redirect-page.js';

/** The account remote's routes (SPEC §2): login, the VK landing page and the user center. */
export function AccountRoot({ basename }: RemoteProps) {
  const router = useMemo(
    () =>
      createBrowserRouter(
        [
          { path: ROUTES.login, element: <LoginPage /> },
          { path: ROUTES.vkRedirect, element: <VkRedirectPage /> },
          { path: ROUTES.userCenter, element: <UserCenterPage /> },
          { path: '*', element: null },
        ],
        { basename },
      ),
    [basename],
  );
  return <RouterProvider router={router} />;
}
