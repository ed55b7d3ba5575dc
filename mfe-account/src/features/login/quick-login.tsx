import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SOCIAL_PROVIDER_NAMES, platformApi, type SocialProvider } from 'shared-contracts';
import { useCsForm } from 'shared-contracts/react';
import { FormMessage } from '../../app/form.js';
import { offeredProvidersCarried } from '../../app/login-config-resource.js';
import { startSocialLogin } from '../../app/social-login.js';
import { useAction } from '../../app/use-action.js';
import styles from './login.module.css';

/**
 * The social logins offered for this client (login_config); the client is the game of the support form, when
 * the player came from there (SPEC §3). None while unknown or when the call fails.
 */
function useOfferedProviders(): SocialProvider[] {
  const { gameId } = useCsForm();
  // The login page's first view carries the offer for no particular game: no late buttons, no second call.
  const [carried] = useState(offeredProvidersCarried);
  const [providers, setProviders] = useState<SocialProvider[]>(gameId === null ? (carried ?? []) : []);
  useEffect(() => {
    if (gameId === null && carried) return;
    let current = true;
    platformApi()
      .call('loginConfig', { query: gameId === null ? {} : { clientId: String(gameId) } })
      .then(
        (config) => current && setProviders(config.providers),
        () => undefined,
      );
    return () => {
      current = false;
    };
  }, [gameId, carried]);
  return providers;
}

/**
 * Quick login (SPEC §2, §6): one button per offered provider. A click asks the API for the provider's login page
 * and goes there; the provider sends the player back to this site, which finishes the login.
 */
export function QuickLogin({ remember, returnTo }: { remember: boolean; returnTo: string }) {
  const { t } = useTranslation();
  const providers = useOfferedProviders();
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
