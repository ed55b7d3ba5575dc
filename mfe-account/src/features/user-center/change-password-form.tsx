import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { platformApi, preloadSchemas, renewLogin } from 'shared-contracts';
import { fieldErrorKey, newPasswordErrors } from '../../lib/errors.js';
import { Field, FormMessage, NewPasswordFields, formStyles } from '../../components/form.js';
import { useForm } from '../../lib/use-form.js';

/** Change password (security settings): other sessions end, this one continues with a fresh token. */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const { values, field, clear, pending, message, check, run, formRef } = useForm('common:errors.submitFailed', {
    oldPassword: '',
    password: '',
    confirmation: '',
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const valid = await check((schemas) => ({
      oldPassword: fieldErrorKey(schemas.typedPasswordSchema, values.oldPassword),
      ...newPasswordErrors(schemas, values.password, values.confirmation),
    }));
    if (!valid) return;
    await run(async () => {
      renewLogin(await platformApi().call('changePassword', { body: { oldPassword: values.oldPassword, newPassword: values.password } }));
      clear();
      return 'account:password.changed';
    });
  };

  return (
    <section className="surface-card" aria-labelledby="password-heading" data-testid="change-password">
      <h3 id="password-heading">{t('account:password.title')}</h3>
      <form ref={formRef} className={formStyles.stack} onFocus={preloadSchemas} onSubmit={(event) => void submit(event)} noValidate>
        <Field label={t('account:password.current')} kind="currentPassword" enterKeyHint="next" {...field('oldPassword')} />
        <NewPasswordFields label={t('account:password.new')} confirmLabel={t('account:password.confirm')} field={field} />
        <FormMessage message={message} />
        <button type="submit" className="button-primary" aria-disabled={pending}>
          {t('account:password.submit')}
        </button>
      </form>
    </section>
  );
}
