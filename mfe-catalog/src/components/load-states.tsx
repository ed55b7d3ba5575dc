import { useTranslation } from 'react-i18next';
import { FailedState, LoadingState } from 'shared-contracts/react';
import styles from './load-states.module.css';

/** The games on their way: the platform's loading state in the place the page keeps for them. */
export function GamesLoading() {
  return <LoadingState className={styles.loading} />;
}

/** The games could not be loaded: the platform's failed state with SPEC §8's network hint and a retry. */
export function GamesFailed({ retry }: { retry: () => void }) {
  const { t } = useTranslation();
  return <FailedState className={styles.failed} message={t('catalog:errors.loadFailed')} hint={t('common:errors.network')} retry={retry} />;
}
