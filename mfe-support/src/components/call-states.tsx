import { useTranslation } from 'react-i18next';
import styles from './call-states.module.css';
import { supportMessageValues } from '../lib/error-key.js';

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

/** A failed read with its message (SPEC §8's network text when the network failed, see useCall) and a retry. */
export function Failed({ messageKey, retry }: { messageKey: string; retry: () => void }) {
  const { t, i18n } = useTranslation();
  return (
    <div className={styles.failed} role="alert">
      <p>{t(messageKey, supportMessageValues(i18n.language))}</p>
      <button type="button" onClick={retry}>
        {t('common:remote.retry')}
      </button>
    </div>
  );
}

/** Where a screen's code failed to arrive (see lazyScreen): the message and a retry that loads it again. */
export function screenLoadFailed(retry: () => void) {
  return <Failed messageKey="common:remote.unavailable" retry={retry} />;
}
