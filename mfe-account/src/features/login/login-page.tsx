import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { guestDestination, navigateTo, safeReturnPath, signOut } from 'shared-contracts';
import { useSession } from 'shared-contracts/react';
import { formStyles } from '../../components/form.js';
import { useLoginConfig } from '../../lib/login-config-resource.js';
import { SocialLanding, socialAnswerIn } from '../../components/social-login.js';
import { ForgotPassword } from './forgot-password.js';
import { PasswordLoginForm } from './password-login-form.js';
import { QuickLogin } from './quick-login.js';
import styles from './login.module.css';

/**
 * `/login` (SPEC §2): account login, quick (social) login, forgot password, continue as guest; back to where login
 * was asked for. A provider sending the player back (`?code=…&state=…`) is finished here too.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const { loggedIn, userName } = useSession();
  const [params] = useSearchParams();
  const { search } = useLocation();
  const returnTo = safeReturnPath(params.get('redirect'));
  const [view, setView] = useState<'login' | 'forgot'>('login');
  const [notice, setNotice] = useState<string | null>(null);
  const [remember, setRemember] = useState(false);
  // Switching between login and forgot password removes the button just pressed: the view that comes takes the
  // focus, or a keyboard user would start again from the top of the page.
  const returningFromForgot = useRef(false);
  // Read once: the answer leaves the address bar as soon as it is used, and must not be used twice.
  const [socialAnswer, setSocialAnswer] = useState(() => socialAnswerIn(search));
  const { providers, guestAllowed } = useLoginConfig();

  if (socialAnswer) {
    return (
      <div className={styles.page}>
        <SocialLanding answer={socialAnswer} landing="login" onBack={() => setSocialAnswer(null)} />
      </div>
    );
  }

  if (loggedIn) {
    return (
      <div className={styles.page} data-testid="account-logged-in">
        <section className="surface-card">
          <h2>{t('account:login.alreadyTitle')}</h2>
          <p>{t('account:login.alreadyBody', { name: userName ?? '' })}</p>
          <div className={formStyles.row}>
            <button type="button" className="button-primary" onClick={() => navigateTo(returnTo)}>
              {t('account:login.continue')}
            </button>
            <button type="button" className="button-secondary" onClick={() => void signOut()}>
              {t('account:login.logout')}
            </button>
          </div>
        </section>
      </div>
    );
  }

  return (
    <div className={styles.page}>
      {view === 'login' ? (
        <section className="surface-card" aria-labelledby="login-heading" data-testid="login-form">
          <h2
            id="login-heading"
            tabIndex={-1}
            ref={(heading) => {
              if (!heading || !returningFromForgot.current) return;
              returningFromForgot.current = false;
              heading.focus();
            }}
          >
            {t('account:login.title')}
          </h2>
          {notice ? (
            <p className={formStyles.formSuccess} role="status">
              {t(notice)}
            </p>
          ) : null}
          <PasswordLoginForm onLoggedIn={() => navigateTo(returnTo)} remember={remember} onRememberChange={setRemember} />
          <button type="button" className={formStyles.textButton} onClick={() => setView('forgot')} data-testid="forgot-password">
            {t('account:login.forgot')}
          </button>
          <QuickLogin providers={providers} remember={remember} returnTo={returnTo} />
        </section>
      ) : (
        <ForgotPassword
          onDone={(message) => {
            setNotice(message);
            returningFromForgot.current = true;
            setView('login');
          }}
        />
      )}
      {/* Not to a game's player: what they came for (their inquiries) needs their account (login_config). */}
      {guestAllowed ? (
        <section className={styles.guest} aria-labelledby="guest-heading">
          <h2 id="guest-heading" className="visually-hidden">
            {t('account:login.guestTitle')}
          </h2>
          <p>{t('account:login.guestBody')}</p>
          <button
            type="button"
            className="button-secondary"
            onClick={() => navigateTo(guestDestination(returnTo))}
            data-testid="continue-as-guest"
          >
            {t('account:login.guest')}
          </button>
        </section>
      ) : null}
    </div>
  );
}
