import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LIMITS, TICKET_TYPES, legalUrl, setCsForm, type CsForm } from 'shared-contracts';
import { useCsForm, usePlatformContext, useSession } from 'shared-contracts/react';
import { AttachmentUploader } from '../../components/attachment-uploader.js';
import { Failed } from '../../components/call-states.js';
import { supportMessageValues } from '../../lib/error-key.js';
import { useCall } from '../../lib/use-call.js';
import { Counter, FieldBlock, FieldError, LoginFirst, controlId, errorId, fieldAria, hintId } from './form-parts.js';
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

/** Focuses the first usable control of the first field with a problem, in the order the form shows them. */
function focusFirstInvalid(form: HTMLFormElement | null, errors: FieldErrors): void {
  const field = INQUIRY_FIELDS.find((name) => errors[name]);
  if (!form || !field) return;
  const block = form.querySelector(`[data-field="${field}"]`);
  const controls = block?.querySelectorAll<HTMLElement>('input, select, textarea, button, a[href]') ?? [];
  const usable = [...controls].find((control) => !control.hidden && !(control as HTMLInputElement).disabled && control.getClientRects().length > 0);
  (usable ?? block?.querySelector<HTMLElement>(`#${CSS.escape(errorId(form.id, field))}`))?.focus();
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
  const { brand } = usePlatformContext();
  const [showErrors, setShowErrors] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const { pending, problem, setProblem, submit, alreadySent } = useSubmitInquiry();
  const official = form.ticketType === TICKET_TYPES.official;

  const update = useCallback((patch: Partial<CsForm>) => {
    setCsForm(patch);
    const stale = new Set(Object.keys(patch).map((key) => FIELD_OF_KEY[key as keyof CsForm]));
    setServerErrors((current) => (Object.keys(current).some((field) => stale.has(field as InquiryField)) ? Object.fromEntries(Object.entries(current).filter(([field]) => !stale.has(field as InquiryField))) : current));
  }, []);

  const [categories, retryCategories] = useCall('inquiryTypes', form.gameId === null ? null : String(form.gameId), () => ({
    query: { gameId: form.gameId ?? 0 },
  }));
  useEffect(() => {
    if (categories.status === 'ready' && form.queryType && !categories.data.some((category) => String(category.id) === form.queryType)) {
      update({ queryType: '' });
    }
  }, [categories, form.queryType, update]);

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
      focusFirstInvalid(formRef.current, problem.fields);
    }
  }, [problem]);

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
      focusFirstInvalid(formRef.current, attempt.errors);
      return;
    }
    if (uploading) {
      setProblem({ kind: 'message', key: 'support:form.waitForUploads', fields: {} });
      return;
    }
    void submit(attempt.body);
  };

  const aria = (field: InquiryField, ...described: (string | null)[]) => fieldAria(formId, field, errors, ...described);

  return (
    <form id={formId} ref={formRef} className={styles.form} noValidate onSubmit={onSubmit} data-testid="inquiry-form">
      <fieldset className={`${styles.field} ${styles.wide} ${styles.group}`} data-field="ticketType">
        <legend>{t('support:form.service')}</legend>
        <div className={styles.options}>
          {[
            { value: TICKET_TYPES.official, label: t('support:form.serviceGame') },
            { value: TICKET_TYPES.platform, label: t('support:form.servicePlatform') },
          ].map((option) => (
            <label key={option.value} className={styles.option}>
              <input
                type="radio"
                name={`${formId}-ticketType`}
                value={option.value}
                checked={form.ticketType === option.value}
                disabled={pending}
                onChange={() => update({ ticketType: option.value })}
                {...aria('ticketType')}
              />
              <span>{option.label}</span>
            </label>
          ))}
        </div>
        <FieldError formId={formId} field="ticketType" errors={errors} />
      </fieldset>

      <FieldBlock field="gameId" wide>
        <span className={styles.label} id={controlId(formId, 'gameId')}>
          {t('support:form.game')}
        </span>
        <div className={styles.game} role="group" aria-labelledby={controlId(formId, 'gameId')}>
          {form.gameId === null ? (
            <span>{t('support:form.noGame')}</span>
          ) : (
            <>
              {form.gameImg ? <img src={form.gameImg} alt="" width={40} height={40} /> : null}
              <strong data-testid="inquiry-game">{form.gameName}</strong>
            </>
          )}
          <Link to="../game" className={styles.textLink} aria-describedby={aria('gameId')['aria-describedby']}>
            {form.gameId === null ? t('support:form.chooseGame') : t('support:form.changeGame')}
          </Link>
        </div>
        <FieldError formId={formId} field="gameId" errors={errors} />
      </FieldBlock>

      {official ? <PlaceFields formId={formId} form={form} errors={errors} disabled={pending} update={update} /> : null}

      <FieldBlock field="queryType">
        <label htmlFor={controlId(formId, 'queryType')}>{t('support:form.category')}</label>
        <select
          id={controlId(formId, 'queryType')}
          value={form.queryType}
          disabled={pending || categories.status !== 'ready'}
          onChange={(event) => update({ queryType: event.target.value })}
          {...aria('queryType')}
        >
          <option value="">{categories.status === 'loading' ? t('common:state.loading') : t('support:form.chooseCategory')}</option>
          {categories.status === 'ready'
            ? categories.data.map((category) => (
                <option key={category.id} value={String(category.id)}>
                  {category.name}
                </option>
              ))
            : null}
        </select>
        {categories.status === 'failed' ? <Failed messageKey={categories.messageKey} retry={retryCategories} /> : null}
        <FieldError formId={formId} field="queryType" errors={errors} />
      </FieldBlock>

      <FieldBlock field="title" wide>
        <label htmlFor={controlId(formId, 'title')}>{t('support:form.titleLabel')}</label>
        <input
          id={controlId(formId, 'title')}
          type="text"
          value={form.title}
          disabled={pending}
          onChange={(event) => update({ title: event.target.value })}
          {...aria('title', hintId(formId, 'title'))}
        />
        <Counter id={hintId(formId, 'title')} value={form.title} max={LIMITS.titleMax} />
        <FieldError formId={formId} field="title" errors={errors} />
      </FieldBlock>

      <FieldBlock field="content" wide>
        <label htmlFor={controlId(formId, 'content')}>{t('support:form.content')}</label>
        <textarea
          id={controlId(formId, 'content')}
          rows={6}
          value={form.content}
          disabled={pending}
          onChange={(event) => update({ content: event.target.value })}
          {...aria('content', hintId(formId, 'content'))}
        />
        <Counter id={hintId(formId, 'content')} value={form.content} max={LIMITS.contentMax} />
        <FieldError formId={formId} field="content" errors={errors} />
      </FieldBlock>

      <fieldset className={`${styles.field} ${styles.wide} ${styles.group}`} data-field="contact">
        <legend>{t('support:form.contact')}</legend>
        <div className={styles.options}>
          {(['email', 'phone'] as const).map((kind) => (
            <label key={kind} className={styles.option}>
              <input
                type="radio"
                name={`${formId}-contactKind`}
                value={kind}
                checked={form.contactKind === kind}
                disabled={pending}
                onChange={() => update({ contactKind: kind })}
              />
              <span>{t(`support:form.contactBy.${kind}`)}</span>
            </label>
          ))}
        </div>
        {form.contactKind === 'email' ? (
          <>
            <label htmlFor={controlId(formId, 'contact')}>{t('support:form.email')}</label>
            <input
              id={controlId(formId, 'contact')}
              type="email"
              autoComplete="email"
              value={form.email}
              disabled={pending}
              onChange={(event) => update({ email: event.target.value })}
              {...aria('contact')}
            />
          </>
        ) : (
          <>
            <label htmlFor={controlId(formId, 'contact')}>{t('support:form.phone')}</label>
            <input
              id={controlId(formId, 'contact')}
              type="tel"
              autoComplete="tel"
              value={form.phone}
              disabled={pending}
              onChange={(event) => update({ phone: event.target.value })}
              {...aria('contact', hintId(formId, 'contact'))}
            />
            <p id={hintId(formId, 'contact')} className={styles.hint}>
              {t('support:form.phoneHint')}
            </p>
          </>
        )}
        <FieldError formId={formId} field="contact" errors={errors} />
      </fieldset>

      <FieldBlock field="attachments" wide>
        {/* Uploads need a session: a guest is asked to log in first rather than refused after choosing files. */}
        <AttachmentUploader
          attachments={form.attachments}
          onChange={(attachments) => update({ attachments })}
          disabled={pending || !loggedIn}
          onBusyChange={setUploading}
          describedBy={[errors.attachments ? errorId(formId, 'attachments') : null, loggedIn ? null : hintId(formId, 'attachments')].filter(Boolean).join(' ') || undefined}
        />
        {loggedIn ? null : (
          <p id={hintId(formId, 'attachments')} className={styles.hint} data-testid="attachments-login-first">
            <LoginFirst />
          </p>
        )}
        <FieldError formId={formId} field="attachments" errors={errors} />
      </FieldBlock>

      <FieldBlock field="consent" wide>
        <label className={styles.consent}>
          <input type="checkbox" checked={form.consent} disabled={pending} onChange={(event) => update({ consent: event.target.checked })} {...aria('consent')} />
          <span>
            <Trans
              i18nKey="support:form.consent"
              components={{
                terms: <a href={legalUrl(brand, 'terms')} target="_blank" rel="noopener noreferrer" />,
                agreement: <a href={legalUrl(brand, 'user-agreement')} target="_blank" rel="noopener noreferrer" />,
                privacy: <a href={legalUrl(brand, 'privacy')} target="_blank" rel="noopener noreferrer" />,
              }}
            />
          </span>
        </label>
        <FieldError formId={formId} field="consent" errors={errors} />
      </FieldBlock>

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
