import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_RULES, platformApi, preloadSchemas } from 'shared-contracts';
import { fieldErrorKey } from '../../lib/errors.js';
import { Field, FormMessage, formStyles } from '../../components/form.js';
import { useEmailedCode } from '../../lib/use-emailed-code.js';

/** Forgot password: a code goes to the account's e-mail, then the code and a new password set it (SPEC §2). */
export function ForgotPassword({ onDone }: { onDone: (messageKey: string | null) => void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const { email, setEmail, code, setCode, codeSent, errors, check, cooldown, sendCode, pending, message, run } = useEmailedCode(
    'forgotPassword',
    null,
  );

  const reset = async (event: FormEvent) => {
    event.preventDefault();
    if (!codeSent) return void sendCode();
    const valid = await check((schemas) => ({
      code: fieldErrorKey(schemas.verificationCodeSchema, code),
      password: fieldErrorKey(schemas.newPasswordSchema, password),
      confirmation: confirmation === password ? null : 'account:errors.passwordMismatch',
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
      <p>{codeSent ? t('account:forgot.codeSent', { email: email.trim() }) : t('account:forgot.intro')}</p>
      <form className={formStyles.stack} onFocus={preloadSchemas} onSubmit={(event) => void reset(event)} noValidate>
        <Field
          label={t('account:forgot.email')}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={errors.email ?? null}
          readOnly={codeSent}
        />
        {codeSent ? (
          <>
            <Field
              label={t('account:forgot.code')}
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              error={errors.code ?? null}
            />
            <Field
              label={t('account:forgot.newPassword')}
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              error={errors.password ?? null}
              hint={t('account:rules.password', { ...ACCOUNT_RULES })}
            />
            <Field
              label={t('account:forgot.confirmPassword')}
              type="password"
              autoComplete="new-password"
              value={confirmation}
              onChange={(event) => setConfirmation(event.target.value)}
              error={errors.confirmation ?? null}
            />
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
