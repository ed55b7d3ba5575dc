import { useEffect } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LIMITS, TICKET_TYPES, legalUrl } from 'shared-contracts';
import { usePlatformContext, useSession } from 'shared-contracts/react';
import { AttachmentUploader } from '../../components/attachment-uploader.js';
import { Counter } from '../../components/counter.js';
import fieldStyles from '../../components/form.module.css';
import { useCall } from '../../lib/use-call.js';
import {
  FieldBlock,
  FieldError,
  LoginFirst,
  ReferenceSelect,
  controlId,
  errorId,
  fieldAria,
  hintId,
  type FieldsProps,
} from './form-parts.js';
import styles from './inquiry-form.module.css';

/** Official (about a game) or platform (about the site) inquiry, as two radio buttons. */
export function ServiceField({ formId, form, errors, disabled, update }: FieldsProps) {
  const { t } = useTranslation();
  const options = [
    { value: TICKET_TYPES.official, label: t('support:form.serviceGame') },
    { value: TICKET_TYPES.platform, label: t('support:form.servicePlatform') },
  ];
  return (
    <fieldset className={`${styles.field} ${styles.wide} ${styles.group}`} data-field="ticketType">
      <legend>{t('support:form.service')}</legend>
      <div className={styles.options}>
        {options.map((option) => (
          <label key={option.value} className={styles.option}>
            <input
              type="radio"
              name={`${formId}-ticketType`}
              value={option.value}
              checked={form.ticketType === option.value}
              disabled={disabled}
              onChange={() => update({ ticketType: option.value })}
              {...fieldAria(formId, 'ticketType', errors)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      <FieldError formId={formId} field="ticketType" errors={errors} />
    </fieldset>
  );
}

/** The game chosen in step one, with a way back there to choose or change it. */
export function GameField({ formId, form, errors }: Pick<FieldsProps, 'formId' | 'form' | 'errors'>) {
  const { t } = useTranslation();
  return (
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
        <Link to="../game" className={styles.textLink} aria-describedby={fieldAria(formId, 'gameId', errors)['aria-describedby']}>
          {form.gameId === null ? t('support:form.chooseGame') : t('support:form.changeGame')}
        </Link>
      </div>
      <FieldError formId={formId} field="gameId" errors={errors} />
    </FieldBlock>
  );
}

/** The game's question categories; a draft's category the game does not have is cleared when its list arrives. */
export function CategoryField({ formId, form, errors, disabled, update }: FieldsProps) {
  const { t } = useTranslation();
  const [categories, retryCategories] = useCall('inquiryTypes', form.gameId === null ? null : String(form.gameId), () => ({
    query: { gameId: form.gameId ?? 0 },
  }));
  useEffect(() => {
    if (categories.status === 'ready' && form.queryType && !categories.data.some((category) => String(category.id) === form.queryType)) {
      update({ queryType: '' });
    }
  }, [categories, form.queryType, update]);
  return (
    <ReferenceSelect
      formId={formId}
      field="queryType"
      errors={errors}
      label={t('support:form.category')}
      prompt={t('support:form.chooseCategory')}
      list={categories}
      retry={retryCategories}
      options={(list) => list.map((category) => ({ value: String(category.id), label: category.name }))}
      value={form.queryType}
      onChange={(queryType) => update({ queryType })}
      disabled={disabled}
    />
  );
}

/** The title and the description, each with the count of characters used of its limit. */
export function TextFields({ formId, form, errors, disabled, update }: FieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <FieldBlock field="title" wide>
        <label htmlFor={controlId(formId, 'title')}>{t('support:form.titleLabel')}</label>
        <input
          id={controlId(formId, 'title')}
          className="input"
          type="text"
          value={form.title}
          disabled={disabled}
          onChange={(event) => update({ title: event.target.value })}
          {...fieldAria(formId, 'title', errors, hintId(formId, 'title'))}
        />
        <Counter id={hintId(formId, 'title')} value={form.title} max={LIMITS.titleMax} />
        <FieldError formId={formId} field="title" errors={errors} />
      </FieldBlock>

      <FieldBlock field="content" wide>
        <label htmlFor={controlId(formId, 'content')}>{t('support:form.content')}</label>
        <textarea
          id={controlId(formId, 'content')}
          className="input"
          rows={6}
          value={form.content}
          disabled={disabled}
          onChange={(event) => update({ content: event.target.value })}
          {...fieldAria(formId, 'content', errors, hintId(formId, 'content'))}
        />
        <Counter id={hintId(formId, 'content')} value={form.content} max={LIMITS.contentMax} />
        <FieldError formId={formId} field="content" errors={errors} />
      </FieldBlock>
    </>
  );
}

/** How support answers: by e-mail or by phone, and the address or number. */
export function ContactField({ formId, form, errors, disabled, update }: FieldsProps) {
  const { t } = useTranslation();
  const byEmail = form.contactKind === 'email';
  return (
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
              disabled={disabled}
              onChange={() => update({ contactKind: kind })}
            />
            <span>{t(`support:form.contactBy.${kind}`)}</span>
          </label>
        ))}
      </div>
      {/* One field whose kind follows the choice above; a phone number gets a hint on how to write it. */}
      <label htmlFor={controlId(formId, 'contact')}>{t(byEmail ? 'support:form.email' : 'support:form.phone')}</label>
      <input
        id={controlId(formId, 'contact')}
        className="input"
        type={byEmail ? 'email' : 'tel'}
        autoComplete={byEmail ? 'email' : 'tel'}
        value={byEmail ? form.email : form.phone}
        disabled={disabled}
        onChange={(event) => update(byEmail ? { email: event.target.value } : { phone: event.target.value })}
        {...fieldAria(formId, 'contact', errors, byEmail ? null : hintId(formId, 'contact'))}
      />
      {byEmail ? null : (
        <p id={hintId(formId, 'contact')} className={fieldStyles.hint}>
          {t('support:form.phoneHint')}
        </p>
      )}
      <FieldError formId={formId} field="contact" errors={errors} />
    </fieldset>
  );
}

/** The files of the inquiry; uploads need a session, so a guest is asked to log in first rather than refused. */
export function AttachmentsField(props: FieldsProps & { onBusyChange: (busy: boolean) => void }) {
  const { formId, form, errors, disabled, update } = props;
  const { loggedIn } = useSession();
  return (
    <FieldBlock field="attachments" wide>
      <AttachmentUploader
        attachments={form.attachments}
        onChange={(attachments) => update({ attachments })}
        disabled={disabled || !loggedIn}
        onBusyChange={props.onBusyChange}
        describedBy={
          [errors.attachments ? errorId(formId, 'attachments') : null, loggedIn ? null : hintId(formId, 'attachments')]
            .filter(Boolean)
            .join(' ') || undefined
        }
      />
      {loggedIn ? null : (
        <p id={hintId(formId, 'attachments')} className={fieldStyles.hint} data-testid="attachments-login-first">
          <LoginFirst />
        </p>
      )}
      <FieldError formId={formId} field="attachments" errors={errors} />
    </FieldBlock>
  );
}

/** Consent to the brand's terms, user agreement and privacy policy, each a link. */
export function ConsentField({ formId, form, errors, disabled, update }: FieldsProps) {
  const { brand } = usePlatformContext();
  return (
    <FieldBlock field="consent" wide>
      <label className={styles.consent}>
        <input
          type="checkbox"
          checked={form.consent}
          disabled={disabled}
          onChange={(event) => update({ consent: event.target.checked })}
          {...fieldAria(formId, 'consent', errors)}
        />
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
  );
}
