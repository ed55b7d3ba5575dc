import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_RULES, platformApi, preloadSchemas, renewLogin } from 'shared-contracts';
import { fieldErrorKey } from '../../lib/errors.js';
import { Field, FormMessage, formStyles } from '../../components/form.js';
import { useAction } from '../../lib/use-action.js';

/** Change password (security settings): other sessions end, this one continues with a fresh token. */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const { pending, message, errors, check, run } = useAction('common:errors.submitFailed');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const valid = await check((schemas) => ({
      oldPassword: fieldErrorKey(schemas.typedPasswordSchema, oldPassword),
      newPassword: fieldErrorKey(schemas.newPasswordSchema, newPassword),
      confirmation: confirmation === newPassword ? null : 'account:errors.passwordMismatch',
    }));
    if (!valid) return;
    await run(async () => {
      renewLogin(await platformApi().call('changePassword', { body: { oldPassword, newPassword } }));
      setOldPassword('');
      setNewPassword('');
      setConfirmation('');
      return 'account:password.changed';
    });
  };

  return (
    <section className="surface-card" aria-labelledby="password-heading" data-testid="change-password">
      <h3 id="password-heading">{t('account:password.title')}</h3>
      <form className={formStyles.stack} onFocus={preloadSchemas} onSubmit={(event) => void submit(event)} noValidate>
        <Field
          label={t('account:password.current')}
          type="password"
          autoComplete="current-password"
          value={oldPassword}
          onChange={(event) => setOldPassword(event.target.value)}
          error={errors.oldPassword ?? null}
        />
        <Field
          label={t('account:password.new')}
          type="password"
          autoComplete="new-password"
          value={newPassword}
          onChange={(event) => setNewPassword(event.target.value)}
          error={errors.newPassword ?? null}
          hint={t('account:rules.password', { ...ACCOUNT_RULES })}
        />
        <Field
          label={t('account:password.confirm')}
          type="password"
          autoComplete="new-password"
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
          error={errors.confirmation ?? null}
        />
        <FormMessage message={message} />
        <button type="submit" className="button-primary" aria-disabled={pending}>
          {t('account:password.submit')}
        </button>
      </form>
    </section>
  );
}
