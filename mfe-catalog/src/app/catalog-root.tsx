import { useMemo } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { ROUTES } from 'shared-contracts';
import type { RemoteProps } from 'shared-contracts/react';
import { FrontPage } from '../features/front-page/front-page.js';
import { GameDetailsPage } from '../features/game-details/game-details-page.js';

/** The catalogue's routes (SPEC §2): the front page and one game's details. Other paths belong to other apps. */
export function CatalogRoot({ basename }: RemoteProps) {
  const router = useMemo(
    () =>
      createBrowserRouter(
        [
          { path: ROUTES.home, element: <FrontPage /> },
          { path: `${ROUTES.gameDetails}/:id`, element: <GameDetailsPage /> },
          { path: '*', element: null },
        ],
        { basename },
      ),
    [basename],
  );
  return <RouterProvider router={router} />;
}
