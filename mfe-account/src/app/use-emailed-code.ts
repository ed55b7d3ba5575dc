import { useState } from 'react';
import { platformApi } from 'shared-contracts';
import { fieldErrorKey } from './errors.js';
import { useAction } from './use-action.js';
import { useCooldown } from './use-cooldown.js';

/**
 * The "send a code to this e-mail" half of forgot password and e-mail binding: the address, whether a code went
 * out, the resend cool-down the API sets, field errors, and one call at a time.
 */
export function useEmailedCode(call: 'forgotPassword' | 'sendVerifyCode', sentMessageKey: string | null) {
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [codeSent, setCodeSent] = useState(false);
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const action = useAction('common:errors.submitFailed');
  const [cooldown, startCooldown] = useCooldown();

  const sendCode = async () => {
    const schemas = await action.schemas();
    if (!schemas) return;
    const emailError = fieldErrorKey(schemas.emailSchema, email);
    setErrors({ email: emailError });
    action.setMessage(null);
    if (emailError) return;
    await action.run(async () => {
      const { resendAfterSeconds } = await platformApi().call(call, { body: { email: email.trim() } });
      startCooldown(resendAfterSeconds);
      setCodeSent(true);
      return sentMessageKey;
    });
  };

  return { email, setEmail, code, setCode, codeSent, setCodeSent, errors, setErrors, cooldown, sendCode, ...action };
}
