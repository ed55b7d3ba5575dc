import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS, isLanguage, platformApi, type CannedReply, type Language } from 'shared-contracts';
import { cannedReplyFieldsSchema } from 'shared-contracts/schemas';
import { LabelledField, schemaFieldErrors, useSingleRequest } from 'shared-contracts/react';
import { Counter } from '../../components/counter.js';
import fieldStyles from '../../components/form.module.css';
import { Problem } from '../../components/problem.js';
import { supportErrorKey } from '../../lib/error-key.js';
import { useFocusAfterRender } from '../../lib/use-focus-after-render.js';
import styles from './canned-replies.module.css';
import { LanguageOptions } from './language-options.js';

type Field = 'language' | 'title' | 'body';
type Problems = { [Name in Field]?: string | undefined };

/** The shared schema's first problem with each field, as translation keys: what the API would refuse. */
const problemsOf = (fields: { language: Language; title: string; body: string }): Problems =>
  schemaFieldErrors<Field>(cannedReplyFieldsSchema, fields, 'support');

/** Refusals the API answers about one field, shown under it rather than under the whole form. */
const FIELD_OF_REFUSAL: Record<string, Field> = {
  'support:errors.cannedReplyTitleTaken': 'title',
  'support:errors.cannedRepliesFull': 'language',
};

/**
 * A canned reply being written (`reply` null) or changed, inside the management page's dialog: its language, a
 * title to find it by and the text a reply gets, checked with the shared schema as the API checks it.
 */
export function CannedReplyForm(props: {
  reply: CannedReply | null;
  defaultLanguage: Language;
  onSaved: (saved: CannedReply) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [language, setLanguage] = useState<Language>(props.reply?.language ?? props.defaultLanguage);
  const [title, setTitle] = useState(props.reply?.title ?? '');
  const [body, setBody] = useState(props.reply?.body ?? '');
  const [problems, setProblems] = useState<Problems>({});
  const [failure, setFailure] = useState<string | null>(null);
  const { pending, run } = useSingleRequest();
  const focusAfterRender = useFocusAfterRender();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = problemsOf({ language, title, body });
    setProblems(found);
    const first = (['language', 'title', 'body'] as const).find((field) => found[field]);
    if (first) {
      focusAfterRender(() => document.getElementById(`${id}-${first}`));
      return;
    }
    void run(async () => {
      setFailure(null);
      try {
        const fields = { language, title, body };
        const saved = props.reply
          ? await platformApi().call('cannedReplyUpdate', { body: { cannedReplyId: props.reply.id, ...fields } })
          : await platformApi().call('cannedReplyCreate', { body: fields });
        props.onSaved(saved);
      } catch (error) {
        const key = supportErrorKey(error, 'common:errors.submitFailed');
        const field = FIELD_OF_REFUSAL[key];
        if (field) {
          setProblems({ [field]: key });
          focusAfterRender(() => document.getElementById(`${id}-${field}`));
        } else setFailure(key);
      }
    });
  };

  /** What ties a field's control to its label, its counter and its problem. */
  const controlOf = (field: Field, counter: boolean) => ({
    id: `${id}-${field}`,
    'aria-invalid': problems[field] ? true : undefined,
    'aria-describedby':
      [counter ? `${id}-${field}-counter` : '', problems[field] ? `${id}-${field}-error` : ''].filter(Boolean).join(' ') || undefined,
  });
  const problem = (field: Field) => <Problem id={`${id}-${field}-error`} messageKey={problems[field]} />;

  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="canned-reply-form">
      <LabelledField controlId={`${id}-language`} label={t('support:cannedReplies.language')}>
        <select
          {...controlOf('language', false)}
          className="input"
          value={language}
          onChange={(event) => isLanguage(event.target.value) && setLanguage(event.target.value)}
          data-testid="canned-reply-form-language"
        >
          <LanguageOptions />
        </select>
        {problem('language')}
      </LabelledField>
      <LabelledField controlId={`${id}-title`} label={t('support:cannedReplies.titleLabel')}>
        <input
          {...controlOf('title', true)}
          className="input"
          type="text"
          value={title}
          lang={language}
          data-autofocus
          onChange={(event) => {
            setTitle(event.target.value);
            if (problems.title)
              setProblems((current) => ({ ...current, title: problemsOf({ language, title: event.target.value, body }).title }));
          }}
          data-testid="canned-reply-form-title"
        />
        <Counter id={`${id}-title-counter`} value={title} max={LIMITS.cannedReplyTitleMax} />
        {problem('title')}
      </LabelledField>
      <LabelledField controlId={`${id}-body`} label={t('support:cannedReplies.bodyLabel')}>
        <textarea
          {...controlOf('body', true)}
          className={`input ${styles.body}`}
          rows={6}
          value={body}
          lang={language}
          onChange={(event) => {
            setBody(event.target.value);
            if (problems.body)
              setProblems((current) => ({ ...current, body: problemsOf({ language, title, body: event.target.value }).body }));
          }}
          data-testid="canned-reply-form-body"
        />
        <Counter id={`${id}-body-counter`} value={body} max={LIMITS.replyMax} />
        {problem('body')}
      </LabelledField>
      <Problem messageKey={failure} />
      <div className={fieldStyles.actions}>
        <button type="submit" className="button-primary" aria-disabled={pending} data-testid="canned-reply-save">
          {pending ? t('support:cannedReplies.saving') : t('support:cannedReplies.save')}
        </button>
        <button type="button" className="button-secondary" onClick={props.onCancel}>
          {t('support:conversation.cancel')}
        </button>
      </div>
    </form>
  );
}
