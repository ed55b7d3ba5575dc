import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DESK_LIMITS, platformApi, type InquiryMessage, type InternalNote } from 'shared-contracts';
import { deskNoteBodySchema } from 'shared-contracts/schemas';
import { schemaErrorKey, useSingleRequest } from 'shared-contracts/react';
import { supportErrorKey } from '../../lib/error-key.js';
import { formatDateTime } from '../../lib/format.js';
import fieldStyles from '../../components/form.module.css';
import { Problem } from '../../components/problem.js';
import conversation from './conversation-thread.module.css';
import styles from './internal-notes.module.css';

/**
 * A conversation's messages with the internal notes between them, in the order they were written (a note and a
 * message of the same moment: the message first), each rendered by its own function.
 */
export function withNotes(
  messages: readonly InquiryMessage[],
  notes: readonly InternalNote[],
  renderNote: (note: InternalNote) => ReactNode,
  renderMessage: (message: InquiryMessage) => ReactNode,
): ReactNode[] {
  const entries = [
    ...messages.map((message) => ({ at: Date.parse(message.createdAt), order: 0, render: () => renderMessage(message) })),
    ...notes.map((note) => ({ at: Date.parse(note.createdAt), order: 1, render: () => renderNote(note) })),
  ];
  // Stable: messages and notes each stay in the order the API gave them.
  return entries.sort((a, b) => a.at - b.at || a.order - b.order).map((entry) => entry.render());
}

/** One internal note in the desk's thread: marked as such in words, not by its look alone. */
export function InternalNoteItem({ note }: { note: InternalNote }) {
  const { t, i18n } = useTranslation();
  return (
    <li className={`${conversation.message} ${styles.note}`} data-testid="internal-note">
      <p className={conversation.meta}>
        <span className={styles.label}>{t('support:helpdesk.internalNote')}</span> ·{' '}
        <span className={conversation.author}>{note.author}</span> ·{' '}
        <time dateTime={note.createdAt}>{formatDateTime(note.createdAt, i18n.language)}</time>
      </p>
      <div className={conversation.text}>
        {note.content.split(/\n\s*\n/).map((paragraph, index) => (
          <p key={index} dir="auto">
            {paragraph}
          </p>
        ))}
      </div>
    </li>
  );
}

const contentProblem = (content: string) => schemaErrorKey(deskNoteBodySchema.shape.content, content, 'support', 'noteTooShort');

/**
 * Writes an internal note to a ticket, open or ended; players never see it. The request id stays until the note is
 * accepted, so sending again after a lost answer does not add it twice.
 */
export function NoteForm({ inquiryId, onAdded }: { inquiryId: number; onAdded: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState({ content: '', requestId: crypto.randomUUID() });
  const [problem, setProblem] = useState<string | null>(null);
  const [added, setAdded] = useState(false);
  const { pending, run } = useSingleRequest();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const invalid = contentProblem(draft.content);
    setProblem(invalid);
    setAdded(false);
    if (invalid) return;
    void run(async () => {
      try {
        await platformApi().call('agentInquiryNote', { body: { inquiryId, requestId: draft.requestId, content: draft.content } });
        setDraft({ content: '', requestId: crypto.randomUUID() });
        setAdded(true);
        onAdded();
      } catch (error) {
        setProblem(supportErrorKey(error, 'common:errors.submitFailed'));
      }
    });
  };

  return (
    <form className={styles.noteForm} onSubmit={submit} noValidate data-testid="note-form">
      <label htmlFor={`${id}-note`}>{t('support:helpdesk.noteLabel')}</label>
      <p id={`${id}-hint`} className={fieldStyles.hint}>
        {t('support:helpdesk.noteHint')}
      </p>
      <textarea
        id={`${id}-note`}
        className={`input ${styles.text}`}
        rows={3}
        value={draft.content}
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${id}-hint${problem ? ` ${id}-error` : ''}`}
        onChange={(event) => {
          setDraft((current) => ({ ...current, content: event.target.value }));
          if (problem) setProblem(contentProblem(event.target.value));
        }}
      />
      <Problem id={`${id}-error`} messageKey={problem} values={DESK_LIMITS} />
      <p className={fieldStyles.notice} role="status" data-testid="note-notice">
        {added ? t('support:helpdesk.noteAdded') : ''}
      </p>
      <div className={styles.actions}>
        <button type="submit" className="button-secondary" aria-disabled={pending} data-testid="note-send">
          {t('support:helpdesk.addNote')}
        </button>
      </div>
    </form>
  );
}
