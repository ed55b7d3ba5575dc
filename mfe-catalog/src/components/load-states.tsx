import { useTranslation } from 'react-i18next';
import styles from './load-states.module.css';

export function LoadingState({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className={styles.loading} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      <span>{label ?? t('common:state.loading')}</span>
    </div>
  );
}

export function FailedState({ retry }: { retry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.failed} role="alert">
      <p>{t('catalog:errors.loadFailed')}</p>
      <p className={styles.hint}>{t('common:errors.network')}</p>
      <button type="button" className={styles.retry} onClick={retry}>
        {t('catalog:errors.retry')}
      </button>
    </div>
  );
}
