import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TICKET_TYPES, setCsForm, type CsForm } from 'shared-contracts';
import { useCsForm, useSession } from 'shared-contracts/react';
import { supportMessageValues } from '../../lib/error-key.js';
import { useCall } from '../../lib/use-call.js';
import { useFocusAfterRender } from '../../lib/use-focus-after-render.js';
import { LoginFirst, controlId, errorId } from './form-parts.js';
import { AttachmentsField, CategoryField, ConsentField, ContactField, GameField, ServiceField, TextFields } from './inquiry-fields.js';
import styles from './inquiry-form.module.css';
import { PlaceFields } from './place-fields.js';
import { useSubmitInquiry } from './use-submit-inquiry.js';
import { INQUIRY_FIELDS, checkInquiry, type FieldErrors, type InquiryField } from './validation.js';

/** Draft keys and the field whose server message an edit of them makes stale. */
const FIELD_OF_KEY: Partial<Record<keyof CsForm, InquiryField>> = {
  ticketType: 'ticketType',
  gameId: 'gameId',
  serverId: 'serverId',
  gameAreaId: 'gameAreaId',
  roleId: 'roleId',
  queryType: 'queryType',
  title: 'title',
  content: 'content',
  contactKind: 'contact',
  email: 'contact',
  phone: 'contact',
  attachments: 'attachments',
  consent: 'consent',
};

/** Whether the player can act on `control`: shown, enabled and laid out. */
function usable(control: HTMLElement | null): control is HTMLElement {
  return !!control && !control.hidden && !(control as HTMLInputElement).disabled && control.getClientRects().length > 0;
}

/**
 * The first field with a problem, in the order the form shows them: its own control (the e-mail's input rather than
 * the radio above it), else its first usable control, else its message (no character to choose: the select is
 * hidden). Looked up once the problems are drawn, so that the message is there and the control names it.
 */
function firstInvalid(form: HTMLFormElement | null, errors: FieldErrors): HTMLElement | null {
  const field = INQUIRY_FIELDS.find((name) => errors[name]);
  if (!form || !field) return null;
  const block = form.querySelector(`[data-field="${field}"]`);
  const own = form.querySelector<HTMLElement>(`#${CSS.escape(controlId(form.id, field))}`);
  if (own?.matches('input, select, textarea') && usable(own)) return own;
  const controls = block?.querySelectorAll<HTMLElement>('input, select, textarea, button, a[href]') ?? [];
  return [...controls].find(usable) ?? block?.querySelector<HTMLElement>(`#${CSS.escape(errorId(form.id, field))}`) ?? null;
}

/**
 * Step three (DESIGN §7): the inquiry form of SPEC §3. Every value lives in the csForm draft, so a reload, a failed
 * submit or a network error loses nothing; the shared schema checks it (SPEC §5) before it is sent.
 */
export function InquiryForm() {
  const { t, i18n } = useTranslation();
  const formId = `inquiry${useId().replace(/[^A-Za-z0-9]/g, '')}`;
  const formRef = useRef<HTMLFormElement>(null);
  const form = useCsForm();
  const { loggedIn, token } = useSession();
  const [showErrors, setShowErrors] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const { pending, problem, setProblem, submit, alreadySent } = useSubmitInquiry();
  const focusAfterRender = useFocusAfterRender();
  const official = form.ticketType === TICKET_TYPES.official;

  const update = useCallback((patch: Partial<CsForm>) => {
    setCsForm(patch);
    const stale = new Set(Object.keys(patch).map((key) => FIELD_OF_KEY[key as keyof CsForm]));
    setServerErrors((current) =>
      Object.keys(current).some((field) => stale.has(field as InquiryField))
        ? Object.fromEntries(Object.entries(current).filter(([field]) => !stale.has(field as InquiryField)))
        : current,
    );
  }, []);

  // The e-mail bound to the account fills an empty contact (the player can change it).
  const [userInfo] = useCall('usersInfo', loggedIn ? token : null, () => ({ query: { platform: 'web' } }));
  useEffect(() => {
    if (userInfo.status === 'ready' && userInfo.data.email && !form.email) setCsForm({ email: userInfo.data.email });
    // Only when the account's answer arrives: a contact the player cleared on purpose stays cleared.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userInfo]);

  const checked = checkInquiry(form);
  const errors: FieldErrors = { ...(showErrors && !checked.ok ? checked.errors : {}), ...serverErrors };

  useEffect(() => {
    if (problem?.kind === 'message') {
      setServerErrors(problem.fields);
      focusAfterRender(() => firstInvalid(formRef.current, problem.fields));
    }
  }, [problem, focusAfterRender]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending || alreadySent()) return;
    setShowErrors(true);
    setServerErrors({});
    if (!loggedIn) {
      setProblem({ kind: 'loginFirst' });
      return;
    }
    // One id per draft, made at its first attempt and kept with it: every later attempt to send this draft
    // (after a lost answer, a reload) is the same request to the server.
    const requestId = form.requestId || crypto.randomUUID();
    if (!form.requestId) setCsForm({ requestId });
    const attempt = checkInquiry({ ...form, requestId });
    if (!attempt.ok) {
      setProblem(null);
      focusAfterRender(() => firstInvalid(formRef.current, attempt.errors));
      return;
    }
    if (uploading) {
      setProblem({ kind: 'message', key: 'support:form.waitForUploads', fields: {} });
      return;
    }
    void submit(attempt.body);
  };

  const fields = { formId, form, errors, disabled: pending, update };
  return (
    <form id={formId} ref={formRef} className={styles.form} noValidate onSubmit={onSubmit} data-testid="inquiry-form">
      <ServiceField {...fields} />
      <GameField {...fields} />
      {official ? <PlaceFields {...fields} /> : null}
      <CategoryField {...fields} />
      <TextFields {...fields} />
      <ContactField {...fields} />
      <AttachmentsField {...fields} onBusyChange={setUploading} />
      <ConsentField {...fields} />

      {problem?.kind === 'loginFirst' ? (
        <p className={`${styles.formMessage} ${styles.wide}`} role="alert" data-testid="inquiry-login-first">
          <LoginFirst />
        </p>
      ) : null}
      {problem?.kind === 'message' ? (
        <p className={`${styles.formMessage} ${styles.wide}`} role="alert" data-testid="inquiry-problem">
          {t(problem.key, supportMessageValues(i18n.language))}
        </p>
      ) : null}

      <div className={`${styles.actions} ${styles.wide}`}>
        {/* Not disabled while sending: a disabled button would drop the focus to the page; it sends once anyway. */}
        <button type="submit" className="button-primary" aria-disabled={pending} data-testid="inquiry-submit">
          {pending ? t('support:form.submitting') : t('support:form.submit')}
        </button>
      </div>
    </form>
  );
}
