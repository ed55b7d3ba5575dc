import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError, ERROR_CODES, LANGUAGE_NAMES, TIMINGS, isLanguage, platformApi, type CannedReply, type Language } from 'shared-contracts';
import { LabelledField, useSingleRequest } from 'shared-contracts/react';
import { Failed, Loading, NoData } from '../../components/call-states.js';
import { Dialog } from '../../components/dialog.js';
import fieldStyles from '../../components/form.module.css';
import layout from '../../components/layout.module.css';
import { Problem } from '../../components/problem.js';
import { supportErrorKey } from '../../lib/error-key.js';
import { formatDateTime } from '../../lib/format.js';
import { useDebounced } from '../../lib/use-debounced.js';
import styles from './canned-replies.module.css';
import { CannedReplyForm } from './canned-reply-form.js';
import { LanguageOptions } from './language-options.js';
import { useCannedReplies } from './use-canned-replies.js';

/**
 * Asks before a canned reply goes; another agent having deleted it first counts as deleted. Its button goes with
 * it, so focus then moves to `fallbackFocus`.
 */
function DeleteDialog({
  reply,
  onClose,
  onDeleted,
  fallbackFocus,
}: {
  reply: CannedReply | null;
  onClose: () => void;
  onDeleted: () => void;
  fallbackFocus: () => HTMLElement | null;
}) {
  const { t } = useTranslation();
  const { pending, run } = useSingleRequest();
  const [failure, setFailure] = useState<string | null>(null);
  const remove = (target: CannedReply) =>
    run(async () => {
      setFailure(null);
      try {
        await platformApi().call('cannedReplyDelete', { body: { cannedReplyId: target.id } });
        onDeleted();
      } catch (error) {
        if (error instanceof ApiError && error.code === ERROR_CODES.notFound) onDeleted();
        else setFailure(supportErrorKey(error, 'common:errors.submitFailed'));
      }
    });
  return (
    <Dialog
      open={reply !== null}
      onClose={() => {
        setFailure(null);
        onClose();
      }}
      title={t('support:cannedReplies.deleteTitle')}
      testId="canned-reply-delete-dialog"
      fallbackFocus={fallbackFocus}
    >
      <p>{t('support:cannedReplies.deleteBody', { title: reply?.title ?? '' })}</p>
      <Problem messageKey={failure} />
      <div className={fieldStyles.actions}>
        <button
          type="button"
          className="button-danger"
          aria-disabled={pending}
          onClick={() => reply && void remove(reply)}
          data-testid="canned-reply-delete-confirm"
        >
          {pending ? t('support:cannedReplies.deleting') : t('support:cannedReplies.delete')}
        </button>
        <button type="button" className="button-secondary" onClick={onClose} data-autofocus>
          {t('support:conversation.cancel')}
        </button>
      </div>
    </Dialog>
  );
}

/**
 * `/SupportCenter/agent/canned-replies`: the agents' canned replies, by language and title, with adding, changing
 * (in a dialog) and deleting (after a confirmation). What is saved reaches every agent's reply picker.
 */
export function CannedRepliesPage() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [language, setLanguage] = useState<Language | null>(isLanguage(i18n.language) ? i18n.language : null);
  const [search, setSearch] = useState('');
  const settled = useDebounced(search.trim(), TIMINGS.searchDebounceMs);
  const [state, reload] = useCannedReplies(language, settled);
  /** The reply being changed, `'new'` for one being written, null with the dialog closed. */
  const [editing, setEditing] = useState<CannedReply | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CannedReply | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  if (state.status === 'refused') {
    return (
      <section
        className={`${layout.page} ${styles.page}`}
        role="alert"
        aria-labelledby={`${id}-heading`}
        data-testid="canned-replies-refused"
      >
        <h2 id={`${id}-heading`}>{t('support:cannedReplies.title')}</h2>
        <p>{t('support:agent.agentsOnly')}</p>
      </section>
    );
  }
  const replies = state.status === 'ready' ? state.data : state.status === 'loading' ? state.previous : null;
  const done = (message: string) => {
    setNotice(message);
    reload();
  };
  return (
    <section className={`${layout.page} ${styles.page}`} aria-labelledby={`${id}-heading`} data-testid="canned-replies-page">
      <div className={styles.pageHeading}>
        <h2 id={`${id}-heading`} ref={heading} tabIndex={-1}>
          {t('support:cannedReplies.title')}
        </h2>
        <Link to=".." relative="path">
          {t('support:cannedReplies.backToDesk')}
        </Link>
      </div>
      <p>{t('support:cannedReplies.intro')}</p>
      <form
        className={`${layout.row} ${styles.filters}`}
        role="search"
        aria-label={t('support:cannedReplies.filters')}
        onSubmit={(event) => event.preventDefault()}
      >
        <LabelledField controlId={`${id}-language`} label={t('support:cannedReplies.language')} className={styles.filter}>
          <select
            id={`${id}-language`}
            className="input"
            value={language ?? ''}
            onChange={(event) => setLanguage(isLanguage(event.target.value) ? event.target.value : null)}
            data-testid="canned-replies-language"
          >
            <option value="">{t('support:cannedReplies.allLanguages')}</option>
            <LanguageOptions />
          </select>
        </LabelledField>
        <LabelledField controlId={`${id}-search`} label={t('support:cannedReplies.search')} className={styles.filter}>
          <input
            id={`${id}-search`}
            className="input"
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            data-testid="canned-replies-search"
          />
        </LabelledField>
        <button type="button" className="button-primary" onClick={() => setEditing('new')} data-testid="canned-reply-new">
          {t('support:cannedReplies.new')}
        </button>
      </form>
      <p className={fieldStyles.notice} role="status" data-testid="canned-replies-notice">
        {notice ? t(notice) : ''}
      </p>
      {state.status === 'loading' && !replies ? <Loading /> : null}
      {state.status === 'failed' ? <Failed messageKey={state.messageKey} retry={reload} /> : null}
      {replies && replies.length === 0 ? <NoData /> : null}
      {replies && replies.length > 0 ? (
        <ul className={`${layout.stack} ${styles.list}`} aria-busy={state.status === 'loading'} aria-labelledby={`${id}-heading`}>
          {replies.map((reply) => (
            <li key={reply.id}>
              <article className={`${layout.panel} ${styles.reply}`} aria-labelledby={`${id}-reply-${reply.id}`} data-testid="canned-reply">
                <h3 id={`${id}-reply-${reply.id}`} lang={reply.language}>
                  {reply.title}
                </h3>
                <p className={styles.replyBody} lang={reply.language}>
                  {reply.body}
                </p>
                <p className={styles.meta}>
                  <span lang={reply.language}>{LANGUAGE_NAMES[reply.language]}</span>
                  {' · '}
                  {reply.updatedBy
                    ? t('support:cannedReplies.updatedBy', {
                        account: reply.updatedBy,
                        time: formatDateTime(reply.updatedAt, i18n.language),
                      })
                    : t('support:cannedReplies.updatedAt', { time: formatDateTime(reply.updatedAt, i18n.language) })}
                </p>
                <div className={fieldStyles.actions}>
                  <button type="button" className="button-secondary" onClick={() => setEditing(reply)} data-testid="canned-reply-edit">
                    {t('support:cannedReplies.edit')}
                    <span className="visually-hidden">{` ${reply.title}`}</span>
                  </button>
                  <button type="button" className="button-secondary" onClick={() => setDeleting(reply)} data-testid="canned-reply-delete">
                    {t('support:cannedReplies.delete')}
                    <span className="visually-hidden">{` ${reply.title}`}</span>
                  </button>
                </div>
              </article>
            </li>
          ))}
        </ul>
      ) : null}
      <Dialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t('support:cannedReplies.newTitle') : t('support:cannedReplies.editTitle')}
        testId="canned-reply-dialog"
        fallbackFocus={() => heading.current}
      >
        <CannedReplyForm
          reply={editing === 'new' ? null : editing}
          defaultLanguage={language ?? (isLanguage(i18n.language) ? i18n.language : 'en')}
          onSaved={() => {
            const created = editing === 'new';
            setEditing(null);
            done(created ? 'support:cannedReplies.created' : 'support:cannedReplies.saved');
          }}
          onCancel={() => setEditing(null)}
        />
      </Dialog>
      <DeleteDialog
        reply={deleting}
        onClose={() => setDeleting(null)}
        fallbackFocus={() => heading.current}
        onDeleted={() => {
          setDeleting(null);
          done('support:cannedReplies.deleted');
        }}
      />
    </section>
  );
}
