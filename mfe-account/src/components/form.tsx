import { useEffect, useId, useRef, type ComponentPropsWithRef, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_RULES } from 'shared-contracts';
import { LabelledField } from 'shared-contracts/react';
import type { ActionMessage } from '../lib/use-action.js';
import type { FieldBinding } from '../lib/use-form.js';
import styles from './form.module.css';

/** Text taken exactly as typed: a phone's keyboard neither capitalises it ("Player1") nor corrects it into a word. */
const AS_TYPED = { autoCapitalize: 'none', autoCorrect: 'off', spellCheck: false } as const;

/** What each kind of input the account forms ask for is, told to the browser, its keyboard and password manager. */
const FIELD_KINDS = {
  accountName: { autoComplete: 'username', ...AS_TYPED },
  email: { type: 'email', autoComplete: 'email', ...AS_TYPED },
  code: { inputMode: 'numeric', autoComplete: 'one-time-code', ...AS_TYPED },
  currentPassword: { type: 'password', autoComplete: 'current-password' },
  newPassword: { type: 'password', autoComplete: 'new-password' },
} as const;

/** The form's fields a player types into, in order: not its checkboxes and buttons, nor what cannot be changed. */
const TYPED_FIELD =
  'input:not([type="checkbox"], [type="radio"], [type="hidden"], [type="submit"], [type="button"], :disabled, [readonly])';

/**
 * Enter in a field whose key says "next" goes on to the form's next field, as the key promises, instead of sending
 * the form (which would then point out the next field as missing). Not while an input method is composing a word.
 */
function goToNextField(event: KeyboardEvent<HTMLInputElement>) {
  if (event.key !== 'Enter' || event.nativeEvent.isComposing || event.shiftKey || event.ctrlKey || event.altKey || event.metaKey) return;
  const input = event.currentTarget;
  const fields = [...(input.form?.querySelectorAll<HTMLInputElement>(TYPED_FIELD) ?? [])];
  const next = fields[fields.indexOf(input) + 1];
  if (!next) return;
  event.preventDefault();
  next.focus();
}

/**
 * A labelled input with its translated error, announced and tied to the input for screen readers. `kind` sets what
 * the input is for (attributes of the input's own win), and `onValue` is told each new value. `enterKeyHint` names
 * what the phone keyboard's Enter does: "next" goes on to the form's next field, anything else sends the form.
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
        onKeyDown={input.enterKeyHint === 'next' ? goToNextField : undefined}
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

/**
 * A new password, under the rules it must keep, and the same typed again to confirm it (the form's `password` and
 * `confirmation`), the last fields of their form: Enter goes on from the first and sends the form from the second.
 */
export function NewPasswordFields(props: {
  label: string;
  confirmLabel: string;
  field: (name: 'password' | 'confirmation') => FieldBinding;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Field
        label={props.label}
        kind="newPassword"
        enterKeyHint="next"
        {...props.field('password')}
        hint={t('account:rules.password', { ...ACCOUNT_RULES })}
      />
      <Field label={props.confirmLabel} kind="newPassword" enterKeyHint="done" {...props.field('confirmation')} />
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
