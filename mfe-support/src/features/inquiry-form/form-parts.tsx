import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentReturnPath, loginPath, platformLink, textLength } from 'shared-contracts';
import { supportMessageValues } from '../../lib/error-key.js';
import styles from './inquiry-form.module.css';
import type { FieldErrors, InquiryField } from './validation.js';

/** Ids tying one field's control to its error and hint, and the ARIA attributes that use them. */
export function fieldAria(formId: string, field: InquiryField, errors: FieldErrors, ...described: (string | null)[]) {
  const error = errors[field] ? errorId(formId, field) : null;
  return {
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': [error, ...described].filter(Boolean).join(' ') || undefined,
  } as const;
}

export const controlId = (formId: string, field: InquiryField) => `${formId}-${field}`;
export const errorId = (formId: string, field: InquiryField) => `${formId}-${field}-error`;
export const hintId = (formId: string, field: InquiryField) => `${formId}-${field}-hint`;

/** A field's message, under it; the field's aria-describedby points here. */
export function FieldError({ formId, field, errors }: { formId: string; field: InquiryField; errors: FieldErrors }) {
  const { t, i18n } = useTranslation();
  const key = errors[field];
  if (!key) return null;
  return (
    // Focusable from script: a field whose control is hidden (no character to choose) takes the focus here.
    <p id={errorId(formId, field)} className={styles.error} tabIndex={-1} data-testid={`error-${field}`}>
      {t(key, supportMessageValues(i18n.language))}
    </p>
  );
}

/** One labelled field block; `data-field` lets the form focus the first invalid one. */
export function FieldBlock({ field, children, wide = false }: { field: InquiryField; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? `${styles.field} ${styles.wide}` : styles.field} data-field={field}>
      {children}
    </div>
  );
}

/** Characters used of a text's limit, counted as the server counts them (`textLength`: code points, trimmed). */
export function Counter({ id, value, max }: { id: string; value: string; max: number }) {
  const { t, i18n } = useTranslation();
  const length = textLength(value);
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <span id={id} className={length > max ? `${styles.counter} ${styles.over}` : styles.counter}>
      {t('support:form.counter', { length: number.format(length), max: number.format(max) })}
    </span>
  );
}

/** What a guest reads where the form needs a login (SPEC §6): "Please log in first." and a link that comes back. */
export function LoginFirst() {
  const { t } = useTranslation();
  return (
    <>
      {t('common:errors.loginFirst')} <a {...platformLink(loginPath(currentReturnPath()))}>{t('support:form.logIn')}</a>
    </>
  );
}
