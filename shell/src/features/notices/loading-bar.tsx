import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { on } from 'shared-contracts';
import styles from './notices.module.css';

/** The loading indicator for the calls SPEC §7 marks as showing loading. */
export function LoadingBar() {
  const { t } = useTranslation();
  const [pending, setPending] = useState(0);
  useEffect(() => on('loading:changed', ({ pending: count }) => setPending(count)), []);
  if (pending === 0) return null;
  return <div className={styles.loadingBar} role="progressbar" aria-label={t('common:state.loading')} data-testid="loading-bar" />;
}
