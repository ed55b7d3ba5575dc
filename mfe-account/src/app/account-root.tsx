import { useMemo } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { ROUTES } from 'shared-contracts';
import type { RemoteProps } from 'shared-contracts/react';
import { AccountPage } from '../features/pages/account-page.js';

/** The account remote's routes (SPEC §2): login, the VK landing page and the user center. */
export function AccountRoot({ basename }: RemoteProps) {
  const router = useMemo(
    () =>
      createBrowserRouter(
        [
          { path: ROUTES.login, element: <AccountPage page="login" /> },
          { path: ROUTES.vkRedirect, element: <AccountPage page="vkRedirect" /> },
          { path: ROUTES.userCenter, element: <AccountPage page="userCenter" /> },
          { path: '*', element: null },
        ],
        { basename },
      ),
    [basename],
  );
  return <RouterProvider router={router} />;
}
