import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { platformApi, preloadSchemas } from 'shared-contracts';
import { fieldErrorKey, newPasswordErrors } from '../../lib/errors.js';
import { Field, FormMessage, NewPasswordFields, formStyles } from '../../components/form.js';
import { useEmailedCode } from '../../lib/use-emailed-code.js';

/** Forgot password: a code goes to the account's e-mail, then the code and a new password set it (SPEC §2). */
export function ForgotPassword({ onDone }: { onDone: (messageKey: string | null) => void }) {
  const { t } = useTranslation();
  const { values, field, codeSent, check, cooldown, sendCode, pending, message, run, formRef, codeField } = useEmailedCode(
    'forgotPassword',
    null,
    {
      password: '',
      confirmation: '',
    },
  );
  const { email, code, password, confirmation } = values;

  const reset = async (event: FormEvent) => {
    event.preventDefault();
    if (!codeSent) return void sendCode();
    const valid = await check((schemas) => ({
      code: fieldErrorKey(schemas.verificationCodeSchema, code),
      ...newPasswordErrors(schemas, password, confirmation),
    }));
    if (!valid) return;
    await run(async () => {
      await platformApi().call('resetPassword', { body: { email: email.trim(), code: code.trim(), newPassword: password } });
      onDone('account:forgot.done');
      return null;
    });
  };

  return (
    <section className="surface-card" aria-labelledby="forgot-heading" data-testid="forgot-form">
      <h2 id="forgot-heading">{t('account:forgot.title')}</h2>
      {/* Told as it changes: the code is on its way (nothing else on the page says so). */}
      <p aria-live="polite">{codeSent ? t('account:forgot.codeSent', { email: email.trim() }) : t('account:forgot.intro')}</p>
      <form ref={formRef} className={formStyles.stack} onFocus={preloadSchemas} onSubmit={(event) => void reset(event)} noValidate>
        {/* Opened by the login's "Forgot password?", which is gone: the field to fill takes the focus. */}
        {/* Enter sends the code to the address, then goes from the code to the new password, which it sets. */}
        <Field
          label={t('account:forgot.email')}
          kind="email"
          enterKeyHint={codeSent ? undefined : 'send'}
          {...field('email')}
          readOnly={codeSent}
          autoFocus
        />
        {codeSent ? (
          <>
            <Field label={t('account:forgot.code')} kind="code" enterKeyHint="next" ref={codeField} {...field('code')} />
            <NewPasswordFields label={t('account:forgot.newPassword')} confirmLabel={t('account:forgot.confirmPassword')} field={field} />
          </>
        ) : null}
        <FormMessage message={message} />
        <button type="submit" className="button-primary" aria-disabled={pending}>
          {codeSent ? t('account:forgot.submit') : t('account:forgot.send')}
        </button>
        {codeSent ? (
          <button
            type="button"
            className={formStyles.textButton}
            disabled={cooldown > 0}
            aria-disabled={pending}
            onClick={() => void sendCode()}
          >
            {cooldown > 0 ? t('account:code.resendIn', { seconds: cooldown }) : t('account:code.resend')}
          </button>
        ) : null}
      </form>
      <button type="button" className={formStyles.textButton} onClick={() => onDone(null)}>
        {t('account:forgot.back')}
      </button>
    </section>
  );
}
