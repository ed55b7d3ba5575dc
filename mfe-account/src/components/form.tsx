import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_RULES } from 'shared-contracts';
import type { ActionMessage } from '../lib/use-action.js';
import styles from './form.module.css';

/** A labelled input with its translated error, announced and tied to the input for screen readers. */
export function Field(props: { label: string; error: string | null; hint?: ReactNode } & ComponentPropsWithRef<'input'>) {
  const { t } = useTranslation();
  const { label, error, hint, ...input } = props;
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input id={id} className="input" aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
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
    </div>
  );
}

/** A form-level message (failure or success) in a live region. */
export function FormMessage({ message }: { message: ActionMessage | null }) {
  const { t } = useTranslation();
  if (!message) return null;
  const error = message.tone === 'error';
  return (
    <p className={error ? styles.formError : styles.formSuccess} role={error ? 'alert' : 'status'}>
      {t(message.key, { ...ACCOUNT_RULES })}
    </p>
  );
}

export { styles as formStyles };
