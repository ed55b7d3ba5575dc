import { useRef, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { platformApi, preloadSchemas } from 'shared-contracts';
import { fieldErrorKey } from '../../lib/errors.js';
import { Field, FormMessage, formStyles } from '../../components/form.js';
import { useEmailedCode } from '../../lib/use-emailed-code.js';

/**
 * E-mail verification (security settings): send a code (resend after a cool-down), then bind with it. An account
 * with a password gives it to ask for the code: the bound address receives password resets, so a session alone
 * must not move it. What was typed stays after a refusal.
 */
export function BindEmailForm({ current, hasPassword, onBound }: { current: string | null; hasPassword: boolean; onBound: () => void }) {
  const { t } = useTranslation();
  const { values, field, clear, codeSent, setCodeSent, check, cooldown, sendCode, pending, message, run, formRef, codeField } =
    useEmailedCode(
      'sendVerifyCode',
      'account:email.codeSent',
      { currentPassword: '' },
      hasPassword
        ? {
            check: (schemas, typed) => ({ currentPassword: fieldErrorKey(schemas.typedPasswordSchema, typed.currentPassword) }),
            body: (typed) => ({ currentPassword: typed.currentPassword }),
          }
        : undefined,
    );
  const { email, code } = values;
  const heading = useRef<HTMLHeadingElement>(null);

  const bind = async (event: FormEvent) => {
    event.preventDefault();
    if (!codeSent) return void sendCode();
    if (
      !(await check((schemas) => ({
        email: fieldErrorKey(schemas.emailSchema, email),
        code: fieldErrorKey(schemas.verificationCodeSchema, code),
      })))
    )
      return;
    await run(async () => {
      await platformApi().call('bindEmail', { body: { email: email.trim(), code: code.trim() } });
      setCodeSent(false);
      clear();
      onBound();
      // The code's field and the button pressed go: the focus goes to the section's top, above the new address.
      heading.current?.focus();
      return 'account:email.bound';
    });
  };

  return (
    <section className="surface-card" aria-labelledby="email-heading" data-testid="bind-email">
      <h3 id="email-heading" ref={heading} tabIndex={-1}>
        {t('account:email.title')}
      </h3>
      <p>{current ? t('account:email.current', { email: current }) : t('account:email.none')}</p>
      <form ref={formRef} className={formStyles.stack} onFocus={preloadSchemas} onSubmit={(event) => void bind(event)} noValidate>
        {hasPassword ? (
          <Field label={t('account:password.current')} kind="currentPassword" enterKeyHint="next" {...field('currentPassword')} />
        ) : null}
        <div className={formStyles.row}>
          {/* Enter in the address asks for a code until one is sent, then goes on to the code's field. */}
          <Field label={t('account:email.address')} kind="email" enterKeyHint={codeSent ? 'next' : 'send'} {...field('email')} />
          <button
            type="button"
            className="button-secondary"
            disabled={cooldown > 0}
            aria-disabled={pending}
            onClick={() => void sendCode()}
            data-testid="send-code"
          >
            {cooldown > 0
              ? t('account:code.resendIn', { seconds: cooldown })
              : codeSent
                ? t('account:code.resend')
                : t('account:code.send')}
          </button>
        </div>
        {codeSent ? <Field label={t('account:email.code')} kind="code" enterKeyHint="done" ref={codeField} {...field('code')} /> : null}
        <FormMessage message={message} />
        {codeSent ? (
          <button type="submit" className="button-primary" aria-disabled={pending} data-testid="bind-submit">
            {t('account:email.submit')}
          </button>
        ) : null}
      </form>
    </section>
  );
}
