import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { SUPPORT_STEPS } from 'shared-contracts';
import styles from './steps.module.css';

/** The support centre's frame: the steps as a navigation list, the current step below. */
export function SupportLayout() {
  const { t } = useTranslation();
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
      <Outlet />
    </div>
  );
}
