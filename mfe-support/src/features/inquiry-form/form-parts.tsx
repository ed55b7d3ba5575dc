import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentReturnPath, loginPath, platformLink, type CsForm, type EndpointName, type EndpointResponse } from 'shared-contracts';
import { Failed } from '../../components/call-states.js';
import fieldStyles from '../../components/form.module.css';
import { supportMessageValues } from '../../lib/error-key.js';
import type { CallState } from '../../lib/use-call.js';
import styles from './inquiry-form.module.css';
import type { FieldErrors, InquiryField } from './validation.js';

/** What every part of the inquiry form gets: the form's id, the draft, the problems to show, and a way to edit. */
export interface FieldsProps {
  formId: string;
  form: CsForm;
  errors: FieldErrors;
  disabled: boolean;
  update: (patch: Partial<CsForm>) => void;
}

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
    <p id={errorId(formId, field)} className={fieldStyles.error} tabIndex={-1} data-testid={`error-${field}`}>
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

/**
 * A field that chooses from a list the API gives: the list's prompt, "Loading…" while it loads, and its retry when
 * it failed; disabled until the list is there. `after` goes under the select (a hint).
 */
export function ReferenceSelect<Name extends EndpointName>(props: {
  formId: string;
  field: InquiryField;
  errors: FieldErrors;
  label: string;
  prompt: string;
  list: CallState<Name>;
  retry: () => void;
  options: (data: EndpointResponse<Name>) => { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
  hidden?: boolean;
  before?: ReactNode;
  after?: ReactNode;
}) {
  const { t } = useTranslation();
  const { formId, field, list } = props;
  return (
    <FieldBlock field={field}>
      <label htmlFor={controlId(formId, field)}>{props.label}</label>
      {props.before}
      <select
        id={controlId(formId, field)}
        className="input"
        value={props.value}
        hidden={props.hidden}
        disabled={props.disabled || list.status !== 'ready'}
        onChange={(event) => props.onChange(event.target.value)}
        {...fieldAria(formId, field, props.errors)}
      >
        <option value="">{list.status === 'loading' ? t('common:state.loading') : props.prompt}</option>
        {list.status === 'ready'
          ? props.options(list.data).map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))
          : null}
      </select>
      {props.after}
      {list.status === 'failed' ? <Failed messageKey={list.messageKey} retry={props.retry} /> : null}
      <FieldError formId={formId} field={field} errors={props.errors} />
    </FieldBlock>
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
