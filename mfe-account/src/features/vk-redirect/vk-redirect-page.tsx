import { useTranslation } from 'react-i18next';
import { ROUTES, platformLink } from 'shared-contracts';
import { formStyles } from '../../app/form.js';

/** `/vkRedirect` (SPEC §2, empty title): where VK sends the player back. Social logins arrive in a later release. */
export function VkRedirectPage() {
  const { t } = useTranslation();
  return (
    <section className={formStyles.card} data-testid="account-page-vkRedirect">
      <p>{t('account:social.unavailable')}</p>
      <a {...platformLink(ROUTES.login)}>{t('account:login.title')}</a>
    </section>
  );
}
