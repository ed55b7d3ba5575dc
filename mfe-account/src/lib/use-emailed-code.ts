import { useEffect, useRef, useState } from 'react';
import { platformApi, type Schemas } from 'shared-contracts';
import { fieldErrorKey } from './errors.js';
import { useCooldown } from './use-cooldown.js';
import { useForm } from './use-form.js';

type EmailedCodeValues<Other extends string> = Record<'email' | 'code' | Other, string>;

/** What goes with the address when a code is asked for: e-mail binding needs the current password of an account that has one. */
export interface CodeRequestExtras<Other extends string> {
  /** Field errors of the extra fields (null when they are fine), checked before anything is sent. */
  check: (schemas: Schemas, values: EmailedCodeValues<Other>) => Record<string, string | null>;
  body: (values: EmailedCodeValues<Other>) => { currentPassword?: string };
}

/**
 * The "send a code to this e-mail" half of forgot password and e-mail binding: the address, whether a code went
 * out, the resend cool-down the API sets, field errors, and one call at a time. The form's other fields (`others`,
 * their first values) are kept with the address and the code.
 */
export function useEmailedCode<Other extends string>(
  call: 'forgotPassword' | 'sendVerifyCode',
  sentMessageKey: string | null,
  others: Record<Other, string>,
  extras?: CodeRequestExtras<Other>,
) {
  const [codeSent, setCodeSent] = useState(false);
  const form = useForm<'email' | 'code' | Other>('common:errors.submitFailed', { email: '', code: '', ...others });
  const { email } = form.values;
  const [cooldown, startCooldown] = useCooldown();
  // Each code sent moves the focus to the code's field: the button pressed is disabled for the cool-down (or replaced),
  // which would drop the focus to the page.
  const codeField = useRef<HTMLInputElement>(null);
  const [codesSent, setCodesSent] = useState(0);
  useEffect(() => {
    if (codesSent > 0) codeField.current?.focus();
  }, [codesSent]);

  const sendCode = async () => {
    if (!(await form.check((schemas) => ({ email: fieldErrorKey(schemas.emailSchema, email), ...extras?.check(schemas, form.values) }))))
      return;
    await form.run(async () => {
      const { resendAfterSeconds } =
        call === 'sendVerifyCode'
          ? await platformApi().call(call, { body: { email: email.trim(), ...extras?.body(form.values) } })
          : await platformApi().call(call, { body: { email: email.trim() } });
      startCooldown(resendAfterSeconds);
      setCodeSent(true);
      setCodesSent((count) => count + 1);
      return sentMessageKey;
    });
  };

  return { ...form, codeSent, setCodeSent, cooldown, sendCode, codeField };
}
