import { useTranslation } from 'react-i18next';
import type { InquiryDetail, InternalNote } from 'shared-contracts';
import layout from '../../components/layout.module.css';
import { formatDateTime } from '../../lib/format.js';
import { AttachmentList } from './attachment-list.js';
import styles from './conversation-thread.module.css';
import { InternalNoteItem, withNotes } from './internal-notes.js';

/** Who reads the thread: the player sees "You", an agent sees the player's account. */
export type Viewer = { kind: 'player' } | { kind: 'agent'; account: string };

/** What someone wrote, paragraph by paragraph, each in its own direction (an English message on an Arabic page). */
function Text({ content }: { content: string }) {
  return (
    <div className={styles.text}>
      {content.split(/\n\s*\n/).map((paragraph, index) => (
        <p key={index} dir="auto">
          {paragraph}
        </p>
      ))}
    </div>
  );
}

/**
 * One ticket's conversation (SPEC §2 inquiry detail): the question with its attachments, then every player and
 * agent message in order with theirs. A player's own messages sit on one side, customer service's on the other.
 * On the desk, the ticket's internal `notes` (never a player's) go between them in time, marked as notes.
 */
export function ConversationThread({
  ticket,
  viewer,
  notes = [],
}: {
  ticket: InquiryDetail;
  viewer: Viewer;
  notes?: readonly InternalNote[];
}) {
  const { t, i18n } = useTranslation();
  const playerName =
    viewer.kind === 'player' ? t('support:conversation.you') : t('support:conversation.player', { account: viewer.account });
  return (
    <ol className={layout.stack} aria-label={t('support:conversation.messages')} data-testid="conversation-thread">
      <li className={`${styles.message} ${styles.fromPlayer}`} data-testid="conversation-question">
        <p className={styles.meta}>
          <span className={styles.author}>{playerName}</span> · {t('support:conversation.question')} ·{' '}
          <time dateTime={ticket.createdAt}>{formatDateTime(ticket.createdAt, i18n.language)}</time>
        </p>
        <Text content={ticket.content} />
        <AttachmentList attachments={ticket.attachments} />
      </li>
      {withNotes(
        ticket.messages,
        notes,
        (note) => (
          <InternalNoteItem key={`note-${note.id}`} note={note} />
        ),
        (message) => (
          <li
            key={message.id}
            className={`${styles.message} ${message.author === 'agent' ? styles.fromAgent : styles.fromPlayer}`}
            data-testid={`conversation-message-${message.author}`}
          >
            <p className={styles.meta}>
              <span className={styles.author}>{message.author === 'agent' ? t('support:conversation.agent') : playerName}</span> ·{' '}
              <time dateTime={message.createdAt}>{formatDateTime(message.createdAt, i18n.language)}</time>
            </p>
            <Text content={message.content} />
            <AttachmentList attachments={message.attachments} />
          </li>
        ),
      )}
    </ol>
  );
}
