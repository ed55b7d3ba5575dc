import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ACCOUNT_TYPES,
  ROUTES,
  SOCIAL_PROVIDER_NAMES,
  loginPath,
  platformApi,
  platformLink,
  signOut,
  type UserInfo,
} from 'shared-contracts';
import { usePlatformContext, useSession } from 'shared-contracts/react';
import { apiErrorKey } from '../../lib/errors.js';
import { BindEmailForm } from './bind-email-form.js';
import { ChangePasswordForm } from './change-password-form.js';
import { formatBirthday } from './format-birthday.js';
import { LogoutOthers } from './logout-others.js';
import { ProfileForm } from './profile-form.js';
import styles from './user-center.module.css';

interface InfoState {
  info: UserInfo | null;
  loading: boolean;
  failureKey: string | null;
}

/**
 * The account's details, loaded when the player logs in and again on `reload()`; `replace(info)` takes the details
 * a save answered with. The details already shown stay while a reload runs, so the forms below them (and their
 * messages) are not torn down.
 */
function useUserInfo(loggedIn: boolean): [InfoState, () => void, (info: UserInfo) => void] {
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
  const reload = useCallback(() => setVersion((value) => value + 1), []);
  const replace = useCallback((info: UserInfo) => setState({ info, loading: false, failureKey: null }), []);
  return [state, reload, replace];
}

function AccountDetails({ info }: { info: UserInfo }) {
  const { t, i18n } = useTranslation();
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
      <dt>{t('account:center.email')}</dt>
      <dd data-testid="detail-email">{info.email ?? t('account:center.notSet')}</dd>
      <dt>{t('account:center.phone')}</dt>
      {/* A number reads left to right in every language, Arabic included. */}
      <dd data-testid="detail-phone">{info.phone ? <bdi dir="ltr">{info.phone}</bdi> : t('account:center.notSet')}</dd>
      <dt>{t('account:center.birthday')}</dt>
      <dd data-testid="detail-birthday">{info.birthday ? formatBirthday(info.birthday, i18n.language) : t('account:center.notSet')}</dd>
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

function LoadState({ state, reload }: { state: InfoState; reload: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      {state.loading && !state.info ? <p role="status">{t('common:state.loading')}</p> : null}
      {state.failureKey ? (
        <div role="alert">
          <p>{t(state.failureKey)}</p>
          <button type="button" className="button-secondary" onClick={reload}>
            {t('common:remote.retry')}
          </button>
        </div>
      ) : null}
    </>
  );
}

/**
 * `/UserCenter` (SPEC §2), only when logged in. On the brands that have a user center (SPEC §6): the account's
 * details (account, type, e-mail, phone, birthday), setting the birthday and phone, then the security settings
 * (change password, e-mail binding, logging out of the other devices) and logout (which goes home, SPEC §4). The
 * brands without one still owe their players those security settings: the same address shows them alone as "Account
 * security", without the profile parts (README "User center and account security").
 */
export function UserCenterPage() {
  const { t } = useTranslation();
  const { brand } = usePlatformContext();
  const { loggedIn } = useSession();
  const [state, reload, replace] = useUserInfo(loggedIn);
  const titleKey = brand.userCenter ? 'account:center.loginTitle' : 'account:security.title';

  if (!loggedIn) {
    return (
      <Notice
        titleKey={titleKey}
        bodyKey="common:errors.loginFirst"
        action={{ href: loginPath(ROUTES.userCenter), labelKey: 'account:login.submit' }}
      />
    );
  }

  return (
    <div className={styles.page} data-testid={brand.userCenter ? 'user-center' : 'account-security'}>
      {brand.userCenter ? (
        <section className="surface-card" aria-labelledby="account-heading">
          <h2 id="account-heading">{t('account:center.title')}</h2>
          <LoadState state={state} reload={reload} />
          {state.info ? <AccountDetails info={state.info} /> : null}
        </section>
      ) : (
        <section className="surface-card" aria-labelledby="security-heading">
          <h2 id="security-heading">{t('account:security.title')}</h2>
          <LoadState state={state} reload={reload} />
          {state.info ? (
            // What the sections below offer: a social account has no password to change.
            <p data-testid="account-security-intro">
              {t(state.info.type === ACCOUNT_TYPES.platform ? 'account:security.intro' : 'account:security.introNoPassword', {
                account: state.info.account,
              })}
            </p>
          ) : null}
        </section>
      )}
      {brand.userCenter && state.info ? <ProfileForm info={state.info} onSaved={replace} /> : null}
      {state.info?.type === ACCOUNT_TYPES.platform ? <ChangePasswordForm /> : null}
      {state.info ? (
        <BindEmailForm current={state.info.email} hasPassword={state.info.type === ACCOUNT_TYPES.platform} onBound={reload} />
      ) : null}
      {state.info ? <LogoutOthers /> : null}
      <button type="button" className="button-secondary" onClick={() => void signOut()} data-testid="user-center-logout">
        {t('account:login.logout')}
      </button>
    </div>
  );
}
