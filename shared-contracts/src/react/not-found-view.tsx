import { useTranslation } from 'react-i18next';
import { ROUTES, platformLink } from 'shared-contracts';

/**
 * "Page not found" with a link to the front page, as the shell's page for an address no app owns shows it (same
 * words, classes and test id; `.not-found` in base.css). A remote routes to it only the unknown addresses under its
 * own prefixes (`/login/*`): its catch-all route must stay empty, as a remote's router sees the next app's address
 * a moment before single-spa unmounts it, and would flash this view on every navigation between apps.
 */
export function NotFoundView() {
  const { t } = useTranslation();
  return (
    <section className="not-found" data-testid="not-found">
      <h2>{t('common:notFound.title')}</h2>
      <p>{t('common:notFound.body')}</p>
      <a {...platformLink(ROUTES.home)}>{t('common:notFound.home')}</a>
    </section>
  );
}
