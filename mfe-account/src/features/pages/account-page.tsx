import { useTranslation } from 'react-i18next';
import styles from './account-page.module.css';

type AccountPageName = 'login' | 'vkRedirect' | 'userCenter';

/** The account screens; their features arrive with the accounts issue, and until then each says so. */
export function AccountPage({ page }: { page: AccountPageName }) {
  const { t } = useTranslation();
  return (
    <section className={styles.page} aria-labelledby="account-page-heading" data-testid={`account-page-${page}`}>
      {page === 'vkRedirect' ? null : <h2 id="account-page-heading">{t(`account:pages.${page}`)}</h2>}
      <p>{t('account:notYetAvailable')}</p>
    </section>
  );
}
