import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ROUTES,
  SOCIAL_PROVIDERS,
  SOCIAL_PROVIDER_NAMES,
  completeLogin,
  loginPath,
  navigateTo,
  platformApi,
  safeReturnPath,
  safeStorage,
  type LoginResult,
  type SocialProvider,
} from 'shared-contracts';
import { apiErrorKey } from '../lib/errors.js';
import { formStyles } from './form.js';

/**
 * Social logins in the browser (SPEC §6, §7): a start call gives the provider's URL, the provider sends the browser
 * back to `/login` (`/vkRedirect` for VK) with `code` and `state`, and the provider's completion call turns them into
 * the usual login result. Between the two, session storage keeps which provider, remember me and where to return
 * to: never the code, which goes to the API once and leaves the address bar.
 */

const PENDING_KEY = 'account_social_login';

export interface PendingSocialLogin {
  provider: SocialProvider;
  remember: boolean;
  returnTo: string;
}

function isProvider(value: unknown): value is SocialProvider {
  return typeof value === 'string' && (SOCIAL_PROVIDERS as readonly string[]).includes(value);
}

function readPending(): PendingSocialLogin | null {
  try {
    const parsed = JSON.parse(safeStorage('session')?.getItem(PENDING_KEY) ?? 'null') as Partial<PendingSocialLogin> | null;
    if (!parsed || !isProvider(parsed.provider)) return null;
    return { provider: parsed.provider, remember: parsed.remember === true, returnTo: safeReturnPath(parsed.returnTo) };
  } catch {
    return null;
  }
}

function clearPending(): void {
  safeStorage('session')?.removeItem(PENDING_KEY);
}

/** The provider's login page for a new login; what to do afterwards is kept for the landing page. */
export async function startSocialLogin(pending: PendingSocialLogin): Promise<string> {
  safeStorage('session')?.setItem(PENDING_KEY, JSON.stringify(pending));
  const api = platformApi();
  const { provider } = pending;
  const { authorizeUrl } =
    provider === 'twitter'
      ? await api.call('twitterRedirect', {})
      : provider === 'vk'
        ? await api.call('vkGenPkce', {})
        : await api.call('socialStart', { query: { provider } });
  return authorizeUrl;
}

/** What a provider sent the browser back with, read once when the landing page opens. */
export interface SocialAnswer {
  code: string | null;
  state: string | null;
  iss: string | null;
  deviceId: string | null;
  /** The provider refused or the player cancelled there. */
  error: string | null;
}

/** The provider's answer in this address, or null when the page was opened without one. */
export function socialAnswerIn(search: string): SocialAnswer | null {
  const params = new URLSearchParams(search);
  const answer: SocialAnswer = {
    code: params.get('code'),
    state: params.get('state'),
    iss: params.get('iss'),
    deviceId: params.get('device_id'),
    error: params.get('error'),
  };
  return answer.state && (answer.code || answer.error) ? answer : null;
}

/** The same address without what the provider added, so a reload or a shared link cannot replay it. */
function withoutAnswer(): string {
  const url = new URL(window.location.href);
  for (const key of ['code', 'state', 'iss', 'device_id', 'error', 'error_description', 'error_uri', 'ext_id', 'type', 'payload']) {
    url.searchParams.delete(key);
  }
  return `${url.pathname}${url.search}${url.hash}`;
}

function complete(
  provider: SocialProvider,
  answer: SocialAnswer & { code: string; state: string },
  remember: boolean,
): Promise<LoginResult> {
  const api = platformApi();
  const query = {
    code: answer.code,
    state: answer.state,
    ...(answer.iss ? { iss: answer.iss } : {}),
    ...(remember ? { remember: '1' as const } : {}),
  };
  switch (provider) {
    case 'google':
      return api.call('googleAuth', { query });
    case 'apple':
      return api.call('appleAuth', { query });
    case 'facebook':
      return api.call('facebookAuth', { query });
    case 'twitter':
      return api.call('twitterAuth', { query });
    case 'vk':
      return api.call('vkAuth', { query: { ...query, ...(answer.deviceId ? { device_id: answer.deviceId } : {}) } });
  }
}

/** One completion per state, even when React runs an effect twice: a state is good for one call only. */
const completions = new Map<string, Promise<LoginResult>>();

type Outcome = { kind: 'working'; provider: SocialProvider | null } | { kind: 'failed'; messageKey: string; returnTo: string };

/**
 * The landing page's part: "signing you in", then the player is logged in and back where login was asked for;
 * or a translated reason and a way back to the login form.
 */
export function SocialLanding({
  answer,
  landing,
  onBack,
}: {
  answer: SocialAnswer;
  landing: 'login' | 'vkRedirect';
  /** Shows the login form again (on /login itself); by default the button goes to /login. */
  onBack?: () => void;
}) {
  const { t } = useTranslation();
  const [outcome, setOutcome] = useState<Outcome>(() => ({ kind: 'working', provider: readPending()?.provider ?? null }));

  useEffect(() => {
    const pending = readPending();
    const returnTo = pending?.returnTo ?? ROUTES.home;
    const fail = (messageKey: string) => {
      clearPending();
      window.history.replaceState(window.history.state, '', withoutAnswer());
      setOutcome({ kind: 'failed', messageKey, returnTo });
    };
    // VK comes back to its own page; the others to /login, and only the provider this tab started.
    const provider = landing === 'vkRedirect' ? 'vk' : pending?.provider;
    if (!pending || !provider || pending.provider !== provider) return fail('account:errors.socialStateInvalid');
    if (answer.error || !answer.code || !answer.state) return fail('account:errors.socialLoginFailed');
    const key = answer.state;
    let running = completions.get(key);
    if (!running) {
      running = complete(provider, { ...answer, code: answer.code, state: answer.state }, pending.remember);
      completions.set(key, running);
    }
    let current = true;
    running.then(
      (result) => {
        if (!current) return;
        clearPending();
        completeLogin(result, pending.remember);
        window.history.replaceState(window.history.state, '', withoutAnswer());
        navigateTo(returnTo);
      },
      (error: unknown) => {
        if (current) fail(apiErrorKey(error, 'account:errors.socialLoginFailed'));
      },
    );
    return () => {
      current = false;
    };
  }, [answer, landing]);

  if (outcome.kind === 'working') {
    return (
      <section className="surface-card" data-testid="social-landing" aria-busy="true">
        <p role="status">
          {outcome.provider
            ? t('account:social.signingInWith', { provider: SOCIAL_PROVIDER_NAMES[outcome.provider] })
            : t('account:social.signingIn')}
        </p>
      </section>
    );
  }
  return (
    <section className="surface-card" data-testid="social-landing">
      <p className={formStyles.formError} role="alert">
        {t(outcome.messageKey)}
      </p>
      <button
        type="button"
        className="button-primary"
        onClick={() => {
          onBack?.();
          navigateTo(loginPath(outcome.returnTo));
        }}
        data-testid="social-back"
      >
        {t('account:forgot.back')}
      </button>
    </section>
  );
}
