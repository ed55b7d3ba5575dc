import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { completeLogin, platformApi, preloadSchemas } from 'shared-contracts';
import { fieldErrorKey } from '../../app/errors.js';
import { Field, FormMessage, formStyles } from '../../app/form.js';
import { useAction } from '../../app/use-action.js';

/**
 * Account and password login. The password lives only in this form's state: it is sent once and never stored;
 * remember me decides whether the session token survives a browser restart (SPEC §3, §4).
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
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ account: string | null; password: string | null }>({ account: null, password: null });
  const { pending, message, setMessage, run, schemas: formSchemas } = useAction('account:errors.loginFailed');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const schemas = await formSchemas();
    if (!schemas) return;
    const found = { account: fieldErrorKey(schemas.accountNameSchema, account), password: fieldErrorKey(schemas.typedPasswordSchema, password) };
    setErrors(found);
    setMessage(null);
    if (found.account || found.password) return;
    await run(async () => {
      const result = await platformApi().call('loginPassword', { body: { account: account.trim(), password, remember } });
      completeLogin(result, remember);
      onLoggedIn();
      return null;
    });
  };

  return (
    <form className={formStyles.stack} onFocus={preloadSchemas} onSubmit={(event) => void submit(event)} noValidate>
      <Field
        label={t('account:login.account')}
        name="account"
        autoComplete="username"
        value={account}
        onChange={(event) => setAccount(event.target.value)}
        error={errors.account}
        required
      />
      <Field
        label={t('account:login.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.password}
        required
      />
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
