import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, completeLogin, platformApi, preloadSchemas } from 'shared-contracts';
import { fieldErrorKey } from '../../lib/errors.js';
import { Field, FormMessage, formStyles } from '../../components/form.js';
import { useForm, type KeptFields } from '../../lib/use-form.js';

/** The account typed survives the reload of a language change (SPEC §4); the password and code never leave the form. */
const KEPT: KeptFields<'account' | 'password' | 'otp'> = { form: 'login', names: ['account'] };

/**
 * Account and password login. The password lives only in this form's state: it is sent once and never stored;
 * remember me decides whether the session token survives a browser restart (SPEC §3, §4). An account with a
 * second factor (agents an operator enrolled) is answered `otpRequired`: the form then asks for the
 * authenticator's code as well, keeping what was typed.
 */
export function PasswordLoginForm({
  onLoggedIn,
  remember,
  onRememberChange,
}: {
  onLoggedIn: () => void;
  /** Remember me, shared with the quick logins of the same page. */
  remember: boolean;
  onRememberChange: (remember: boolean) => void;
}) {
  const { t } = useTranslation();
  const [otpAsked, setOtpAsked] = useState(false);
  const { values, field, clear, pending, message, check, run, formRef } = useForm(
    'account:errors.loginFailed',
    { account: '', password: '', otp: '' },
    KEPT,
  );
  const { account, password, otp } = values;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const valid = await check((schemas) => ({
      account: fieldErrorKey(schemas.accountNameSchema, account),
      password: fieldErrorKey(schemas.typedPasswordSchema, password),
      otp: otpAsked ? fieldErrorKey(schemas.otpSchema, otp) : null,
    }));
    if (!valid) return;
    await run(async () => {
      const body = { account: account.trim(), password, remember, ...(otpAsked ? { otp: otp.trim() } : {}) };
      const result = await platformApi()
        .call('loginPassword', { body })
        .catch((error: unknown) => {
          if (error instanceof ApiError && error.message === 'otpRequired') setOtpAsked(true);
          throw error;
        });
      completeLogin(result, remember);
      clear();
      onLoggedIn();
      return null;
    });
  };

  return (
    <form ref={formRef} className={formStyles.stack} onFocus={preloadSchemas} onSubmit={(event) => void submit(event)} noValidate>
      {/* The keyboard's Enter goes on to the next field while that is empty, and logs in once all are typed. */}
      <Field
        label={t('account:login.account')}
        kind="accountName"
        name="account"
        enterKeyHint={password ? 'go' : 'next'}
        {...field('account')}
        required
      />
      <Field
        label={t('account:login.password')}
        kind="currentPassword"
        name="password"
        enterKeyHint={otpAsked && !otp ? 'next' : 'go'}
        {...field('password')}
        required
      />
      {otpAsked ? (
        <Field label={t('account:login.otp')} kind="code" name="otp" enterKeyHint="go" {...field('otp')} autoFocus required />
      ) : null}
      <label className={formStyles.checkbox}>
        <input type="checkbox" checked={remember} onChange={(event) => onRememberChange(event.target.checked)} name="remember" />
        {t('account:login.remember')}
      </label>
      <FormMessage message={message} />
      <button type="submit" className="button-primary" aria-disabled={pending} data-testid="login-submit">
        {pending ? t('common:state.loading') : t('account:login.submit')}
      </button>
    </form>
  );
}
