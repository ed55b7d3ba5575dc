import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_TYPES, ROUTES, SOCIAL_PROVIDER_NAMES, loginPath, platformApi, platformLink, signOut, type UserInfo } from 'shared-contracts';
import { usePlatformContext, useSession } from 'shared-contracts/react';
import { apiErrorKey } from '../../app/errors.js';
import { BindEmailForm } from './bind-email-form.js';
import { ChangePasswordForm } from './change-password-form.js';
import styles from './user-center.module.css';

interface InfoState {
  info: UserInfo | null;
  loading: boolean;
  failureKey: string | null;
}

/**
 * The account's details, loaded when the player logs in and again on `reload()`. The details already shown stay
 * while a reload runs, so the forms below them (and their messages) are not torn down.
 */
function useUserInfo(loggedIn: boolean): [InfoState, () => void] {
  const [state, setState] = useState<InfoState>({ info: null, loading: true, failureKey: null });
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (!loggedIn) return;
    let current = true;
    setState((previous) => ({ ...previous, loading: true, failureKey: null }));
    platformApi()
      .call('usersInfo', { query: { platform: 'web' } })
      .then(
        (info) => current && setState({ info, loading: false, failureKey: null }),
        (error: unknown) =>
          current && setState((previous) => ({ ...previous, loading: false, failureKey: apiErrorKey(error, 'common:errors.network') })),
      );
    return () => {
      current = false;
    };
  }, [loggedIn, version]);
  return [state, useCallback(() => setVersion((value) => value + 1), [])];
}

function AccountDetails({ info }: { info: UserInfo }) {
  const { t } = useTranslation();
  return (
    <dl className={styles.details} data-testid="account-details">
      <dt>{t('account:center.account')}</dt>
      <dd>{info.account}</dd>
      <dt>{t('account:center.type')}</dt>
      <dd>
        {info.type === ACCOUNT_TYPES.platform
          ? t('account:center.typePlatform')
          : t('account:center.typeThirdParty', { provider: info.provider ? SOCIAL_PROVIDER_NAMES[info.provider] : '' })}
      </dd>
      <dt>{t('account:center.contact')}</dt>
      <dd>{info.email ?? info.phone ?? t('account:center.notSet')}</dd>
      <dt>{t('account:center.birthday')}</dt>
      <dd>{info.birthday ?? t('account:center.notSet')}</dd>
    </dl>
  );
}

function Notice({ titleKey, bodyKey, action }: { titleKey: string; bodyKey: string; action: { href: string; labelKey: string } }) {
  const { t } = useTranslation();
  return (
    <div className={styles.page}>
      <section className="surface-card" role="alert" data-testid="user-center-notice">
        <h2>{t(titleKey)}</h2>
        <p>{t(bodyKey)}</p>
        <a className="button-primary" {...platformLink(action.href)}>
          {t(action.labelKey)}
        </a>
      </section>
    </div>
  );
}

/**
 * `/UserCenter` (SPEC §2): only for the brands that have it and only when logged in. Account details, change
 * password, e-mail binding and logout (which goes home, SPEC §4).
 */
export function UserCenterPage() {
  const { t } = useTranslation();
  const { brand } = usePlatformContext();
  const { loggedIn } = useSession();
  const [state, reload] = useUserInfo(loggedIn);

  if (!brand.userCenter) {
    return <Notice titleKey="account:center.unavailableTitle" bodyKey="account:center.unavailableBody" action={{ href: ROUTES.home, labelKey: 'account:center.home' }} />;
  }
  if (!loggedIn) {
    return <Notice titleKey="account:center.loginTitle" bodyKey="common:errors.loginFirst" action={{ href: loginPath(ROUTES.userCenter), labelKey: 'account:login.submit' }} />;
  }

  return (
    <div className={styles.page} data-testid="user-center">
      <section className="surface-card" aria-labelledby="account-heading">
        <h2 id="account-heading">{t('account:center.title')}</h2>
        {state.loading && !state.info ? <p role="status">{t('common:state.loading')}</p> : null}
        {state.failureKey ? (
          <div role="alert">
            <p>{t(state.failureKey)}</p>
            <button type="button" className="button-secondary" onClick={reload}>
              {t('common:remote.retry')}
            </button>
          </div>
        ) : null}
        {state.info ? <AccountDetails info={state.info} /> : null}
      </section>
      {state.info?.type === ACCOUNT_TYPES.platform ? <ChangePasswordForm /> : null}
      {state.info ? <BindEmailForm current={state.info.email} onBound={reload} /> : null}
      <button type="button" className="button-secondary" onClick={() => void signOut()} data-testid="user-center-logout">
        {t('account:login.logout')}
      </button>
    </div>
  );
}
