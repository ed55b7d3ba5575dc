import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation } from 'react-router';
import { SUPPORT_STEPS } from 'shared-contracts';
import { ScreenLoadBoundary, useCsForm } from 'shared-contracts/react';
import { Loading, screenLoadFailed } from '../../components/call-states.js';
import styles from './steps.module.css';
import { useGameEntryLanding } from './use-game-entry-landing.js';

/** The support centre's frame: the steps as a navigation list, the current step below. */
export function SupportLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { unknownGame } = useGameEntryLanding();
  const { gameId } = useCsForm();
  return (
    <div className={styles.layout}>
      <nav aria-label={t('support:steps.label')}>
        <ol className={styles.steps}>
          {SUPPORT_STEPS.map((step) => (
            <li key={step}>
              <NavLink to={step} className={({ isActive }) => (isActive ? styles.active : undefined)}>
                {t(`support:steps.${step}`)}
              </NavLink>
            </li>
          ))}
        </ol>
      </nav>
      {unknownGame && gameId === null ? (
        <p className={styles.notice} role="alert" data-testid="entry-unknown-game">
          {t('support:errors.gameNotFound')}
        </p>
      ) : null}
      {/* Steps that load on first opening (see support-root) show the loading state meanwhile, under the steps,
          and a retry when their code does not arrive; moving to another step starts afresh. */}
      <ScreenLoadBoundary key={pathname} fallback={screenLoadFailed}>
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </ScreenLoadBoundary>
    </div>
  );
}
