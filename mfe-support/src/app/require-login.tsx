import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SUPPORT_AGENT_PATH, currentReturnPath, loginPath, platformLink } from 'shared-contracts';
import { useSession } from 'shared-contracts/react';
import layout from '../components/layout.module.css';
import styles from './require-login.module.css';

/**
 * A screen only a logged-in player (or agent) may see: a guest gets SPEC §6's "Please log in first." with a way to
 * the login page that comes back here afterwards.
 */
export function RequireLogin({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { loggedIn } = useSession();
  if (loggedIn) return children;
  return (
    <section className={`${layout.panel} ${styles.prompt}`} role="alert" aria-labelledby="login-prompt-heading" data-testid="login-prompt">
      <h2 id="login-prompt-heading">{t('support:loginPrompt.title')}</h2>
      <p>{t('common:errors.loginFirst')}</p>
      <a className="button-primary" {...platformLink(loginPath(currentReturnPath()))}>
        {t('support:loginPrompt.action')}
      </a>
    </section>
  );
}

/**
 * A player's own screen (their tickets, the form that opens one): an agent's session is told where customer service
 * answers instead, and asks the API none of the player's calls (README "Accounts": the apps know the session's role).
 */
export function ForPlayers({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { role } = useSession();
  if (role !== 'agent') return children;
  return (
    <section className={`${layout.panel} ${styles.prompt}`} role="alert" data-testid="players-only">
      <p>{t('support:errors.playersOnly')}</p>
      <a className="button-primary" {...platformLink(SUPPORT_AGENT_PATH)}>
        {t('support:agent.title')}
      </a>
    </section>
  );
}
