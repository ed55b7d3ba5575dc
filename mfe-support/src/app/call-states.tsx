import { useTranslation } from 'react-i18next';
import styles from './call-states.module.css';

export function Loading() {
  const { t } = useTranslation();
  return (
    <p className={styles.loading} role="status">
      {t('common:state.loading')}
    </p>
  );
}

export function NoData() {
  const { t } = useTranslation();
  return <p className={styles.empty}>{t('common:state.noData')}</p>;
}

/** A failed read with its message (SPEC §8's network text when the network failed) and a retry. */
export function Failed({ network, retry }: { network: boolean; retry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.failed} role="alert">
      <p>{network ? t('common:errors.network') : t('support:errors.loadFailed')}</p>
      <button type="button" onClick={retry}>
        {t('common:remote.retry')}
      </button>
    </div>
  );
}
