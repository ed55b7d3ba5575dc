import { Route, Routes } from 'react-router';
import { ROUTES } from 'shared-contracts';
import { NotFoundView } from 'shared-contracts/react';
import { FrontPage } from '../features/front-page/front-page.js';
import { GameDetailsPage } from '../features/game-details/game-details-page.js';

/**
 * The catalogue's routes (SPEC §2): the front page and one game's details. Another address under /GamesDetails
 * (none, or more than an id) is not found; every other path belongs to another app, so the catch-all shows nothing.
 */
export function CatalogRoutes() {
  return (
    <Routes>
      <Route path={ROUTES.home} element={<FrontPage />} />
      <Route path={`${ROUTES.gameDetails}/:id`} element={<GameDetailsPage />} />
      <Route path={`${ROUTES.gameDetails}/*`} element={<NotFoundView />} />
      <Route path="*" element={null} />
    </Routes>
  );
}
