import { useEffect, useId, useRef, type ComponentPropsWithRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_RULES } from 'shared-contracts';
import { LabelledField } from 'shared-contracts/react';
import type { ActionMessage } from '../lib/use-action.js';
import type { FieldBinding } from '../lib/use-form.js';
import styles from './form.module.css';

/** What each kind of input the account forms ask for is, told to the browser, its keyboard and password manager. */
const FIELD_KINDS = {
  email: { type: 'email', autoComplete: 'email' },
  code: { inputMode: 'numeric', autoComplete: 'one-time-code' },
  currentPassword: { type: 'password', autoComplete: 'current-password' },
  newPassword: { type: 'password', autoComplete: 'new-password' },
} as const;

/**
 * A labelled input with its translated error, announced and tied to the input for screen readers. `kind` sets what
 * the input is for (attributes of the input's own win), and `onValue` is told each new value.
 */
export function Field(
  props: {
    label: string;
    error: string | null | undefined;
    hint?: ReactNode;
    kind?: keyof typeof FIELD_KINDS;
    onValue?: (value: string) => void;
  } & ComponentPropsWithRef<'input'>,
) {
  const { t } = useTranslation();
  const { label, error, hint, kind, onValue, ...input } = props;
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <LabelledField controlId={id} label={label}>
      <input
        id={id}
        className="input"
        {...(kind ? FIELD_KINDS[kind] : null)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={onValue ? (event) => onValue(event.target.value) : undefined}
        {...input}
      />
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={styles.error} role="alert">
          {t(error, { ...ACCOUNT_RULES })}
        </p>
      ) : null}
    </LabelledField>
  );
}

/** A new password, under the rules it must keep, and the same typed again to confirm it (the form's `password` and `confirmation`). */
export function NewPasswordFields(props: {
  label: string;
  confirmLabel: string;
  field: (name: 'password' | 'confirmation') => FieldBinding;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Field label={props.label} kind="newPassword" {...props.field('password')} hint={t('account:rules.password', { ...ACCOUNT_RULES })} />
      <Field label={props.confirmLabel} kind="newPassword" {...props.field('confirmation')} />
    </>
  );
}

/**
 * A form-level message (failure or success) in a live region. Each new message is scrolled into view, the least that
 * shows it: a phone in landscape, or one whose keyboard covers half the screen, had "Incorrect account or password."
 * below the screen while the focus stayed in the password field, and the player saw nothing happen. The focus stays
 * where it is, in the field the player will type into again; screen readers hear the message from its live region.
 */
export function FormMessage({ message }: { message: ActionMessage | null }) {
  const { t } = useTranslation();
  const paragraph = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (message) paragraph.current?.scrollIntoView({ block: 'nearest' });
  }, [message]);
  if (!message) return null;
  const error = message.tone === 'error';
  return (
    <p ref={paragraph} className={error ? styles.formError : styles.formSuccess} role={error ? 'alert' : 'status'}>
      {t(message.key, { ...ACCOUNT_RULES, ...message.values })}
    </p>
  );
}

export { styles as formStyles };
