import { useTranslation } from 'react-i18next';
import { SOCIAL_PROVIDER_NAMES, type SocialProvider } from 'shared-contracts';
import { FormMessage } from '../../components/form.js';
import { startSocialLogin } from '../../components/social-login.js';
import { useAction } from '../../lib/use-action.js';
import styles from './login.module.css';

/**
 * Quick login (SPEC §2, §6): one button per offered provider (`useLoginConfig`). A click asks the API for the
 * provider's login page and goes there; the provider sends the player back to this site, which finishes the login.
 */
export function QuickLogin({
  providers,
  remember,
  returnTo,
}: {
  providers: readonly SocialProvider[];
  remember: boolean;
  returnTo: string;
}) {
  const { t } = useTranslation();
  const { pending, message, run } = useAction('account:errors.socialLoginFailed');
  if (providers.length === 0) return null;

  const begin = (provider: SocialProvider) =>
    run(async () => {
      const authorizeUrl = await startSocialLogin({ provider, remember, returnTo });
      window.location.assign(authorizeUrl);
      return null;
    });

  return (
    <section className={styles.quick} aria-labelledby="quick-login-heading" data-testid="quick-login">
      <h3 id="quick-login-heading">{t('account:login.quickTitle')}</h3>
      <ul className={styles.providers}>
        {providers.map((provider) => (
          <li key={provider}>
            <button
              type="button"
              className="button-secondary"
              aria-disabled={pending}
              onClick={() => void begin(provider)}
              data-testid={`quick-login-${provider}`}
            >
              {t('account:login.quickWith', { provider: SOCIAL_PROVIDER_NAMES[provider] })}
            </button>
          </li>
        ))}
      </ul>
      <FormMessage message={message} />
    </section>
  );
}
