import { useState } from 'react';
import { platformApi, type Schemas } from 'shared-contracts';
import { fieldErrorKey } from './errors.js';
import { useAction } from './use-action.js';
import { useCooldown } from './use-cooldown.js';

/** What goes with the address when a code is asked for: e-mail binding needs the current password of an account that has one. */
export interface CodeRequestExtras {
  /** Field errors of the extra fields (null when they are fine), checked before anything is sent. */
  check: (schemas: Schemas) => Record<string, string | null>;
  body: () => { currentPassword?: string };
}

/**
 * The "send a code to this e-mail" half of forgot password and e-mail binding: the address, whether a code went
 * out, the resend cool-down the API sets, field errors, and one call at a time.
 */
export function useEmailedCode(call: 'forgotPassword' | 'sendVerifyCode', sentMessageKey: string | null, extras?: CodeRequestExtras) {
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [codeSent, setCodeSent] = useState(false);
  const action = useAction('common:errors.submitFailed');
  const [cooldown, startCooldown] = useCooldown();

  const sendCode = async () => {
    if (!(await action.check((schemas) => ({ email: fieldErrorKey(schemas.emailSchema, email), ...extras?.check(schemas) })))) return;
    await action.run(async () => {
      const { resendAfterSeconds } =
        call === 'sendVerifyCode'
          ? await platformApi().call(call, { body: { email: email.trim(), ...extras?.body() } })
          : await platformApi().call(call, { body: { email: email.trim() } });
      startCooldown(resendAfterSeconds);
      setCodeSent(true);
      return sentMessageKey;
    });
  };

  return { email, setEmail, code, setCode, codeSent, setCodeSent, cooldown, sendCode, ...action };
}
