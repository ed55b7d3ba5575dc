import { Route, Routes } from 'react-router';
import { ROUTES } from 'shared-contracts';
import { FrontPage } from '../features/front-page/front-page.js';
import { GameDetailsPage } from '../features/game-details/game-details-page.js';

/** The catalogue's routes (SPEC §2): the front page and one game's details. Other paths belong to other apps. */
export function CatalogRoutes() {
  return (
    <Routes>
      <Route path={ROUTES.home} element={<FrontPage />} />
      <Route path={`${ROUTES.gameDetails}/:id`} element={<GameDetailsPage />} />
      <Route path="*" element={null} />
    </Routes>
  );
}
