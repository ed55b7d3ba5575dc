import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { OPEN_TICKET_STATUSES, type Language } from 'shared-contracts';
import { Failed, Loading } from '../../components/call-states.js';
import fieldStyles from '../../components/form.module.css';
import { useDeskShortcuts } from '../../lib/use-desk-shortcuts.js';
import { useLiveUpdates } from '../../lib/use-live-updates.js';
import { ConversationThread } from './conversation-thread.js';
import styles from './ticket-view.module.css';
import { useDeskHandling } from './desk-handling.js';
import { EndChatDialog } from './end-chat-dialog.js';
import { TicketNotFound } from './feedback-step.js';
import { NoteForm } from './internal-notes.js';
import { ReplyForm, useReplyDraft } from './reply-form.js';
import { EndedNotice, TicketDetails, TicketStatusBadge } from './ticket-parts.js';
import { useFocusWhenShown } from './use-focus-when-shown.js';
import { useTicket } from './use-ticket.js';

/**
 * An agent's view of one ticket on the desk (DESIGN §5): who asked what, the conversation, a reply with
 * attachments while the chat is open, and ending it. `onChanged` tells the queue to refresh its statuses;
 * `focusOnLoad` moves focus to the ticket's title once it has loaded (it was just chosen from the list);
 * `replyTools` are controls above the reply that insert text into it (the canned replies, composed by the route),
 * given the language the player wrote in. `c` claims it, `r` focuses the reply and `e` asks to end the chat
 * (useDeskShortcuts).
 */
export function AgentTicket({
  inquiryId,
  onChanged,
  focusOnLoad,
  replyTools,
}: {
  inquiryId: number;
  onChanged: () => void;
  focusOnLoad: boolean;
  replyTools?: (language: Language, insert: (text: string) => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const [state, reload] = useTicket('agentInquiryDetail', inquiryId);
  // Who holds the ticket: a change (or a refused one) reads the ticket again and refreshes the queue.
  const handling = useDeskHandling(state.status === 'ready' ? state.ticket : null, () => {
    reload({ quiet: true });
    onChanged();
  });
  // The player's messages, ends and ratings, and other agents' replies, appear while the ticket is open.
  useLiveUpdates(
    (event) => event.inquiryId === inquiryId,
    () => reload({ quiet: true }),
  );
  const reply = useReplyDraft('agentInquiryReply', inquiryId);
  const [ending, setEnding] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const endedNotice = useRef<HTMLDivElement>(null);
  // Ending removes the controls that had focus: once the ended chat is shown, focus moves to how it ended.
  const focusEnded = useFocusWhenShown(endedNotice, state);
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusWhenShown(heading, state, focusOnLoad);
  const replyText = useRef<HTMLTextAreaElement>(null);
  const answerable = state.status === 'ready' && OPEN_TICKET_STATUSES.includes(state.ticket.status);
  useDeskShortcuts(
    answerable
      ? { reply: () => replyText.current?.focus(), end: () => setEnding(true), ...(handling.claim ? { claim: handling.claim } : {}) }
      : {},
  );

  if (state.status === 'loading') return <Loading />;
  if (state.status === 'failed') return <Failed messageKey={state.messageKey} retry={reload} />;
  if (state.status === 'notFound') return <TicketNotFound backLink={false} />;
  const { ticket } = state;
  const open = OPEN_TICKET_STATUSES.includes(ticket.status);
  return (
    <article className={styles.agentTicket} aria-labelledby="agent-ticket-heading" data-testid="agent-ticket">
      <header className={styles.ticketHeader}>
        <h3 id="agent-ticket-heading" ref={heading} tabIndex={-1} dir="auto">
          {ticket.title}
        </h3>
        <TicketStatusBadge ticket={ticket} />
      </header>
      {state.refreshFailed ? <Failed messageKey={state.refreshFailed} retry={reload} /> : null}
      <TicketDetails ticket={ticket} account={ticket.account} />
      {handling.panel}
      <ConversationThread ticket={ticket} viewer={{ kind: 'agent', account: ticket.account }} notes={ticket.notes} />
      <EndedNotice ref={endedNotice} ticket={ticket} viewer="agent" />
      <p className={fieldStyles.notice} role="status" data-testid="agent-notice">
        {notice ? t(notice) : ''}
      </p>
      {open ? handling.replyBlocked : null}
      {open && !handling.replyBlocked ? (
        <>
          <ReplyForm
            endpoint="agentInquiryReply"
            inquiryId={ticket.id}
            label={t('support:agent.reply')}
            textRef={replyText}
            {...(replyTools ? { tools: (insert: (text: string) => void) => replyTools(ticket.language, insert) } : {})}
            reply={reply}
            onSent={() => {
              setNotice('support:agent.replied');
              reload();
              onChanged();
            }}
          />
          <div className={fieldStyles.actions}>
            <button type="button" className="button-secondary" onClick={() => setEnding(true)} data-testid="end-chat">
              {t('support:conversation.endChat')}
            </button>
          </div>
        </>
      ) : null}
      <NoteForm inquiryId={ticket.id} onAdded={() => reload({ quiet: true })} />
      <EndChatDialog
        open={ending}
        onClose={() => setEnding(false)}
        endpoint="agentInquiryEnd"
        inquiryId={ticket.id}
        body={t('support:agent.endBody')}
        onEnded={() => {
          setEnding(false);
          // Nothing more can be added: files uploaded for a reply go.
          reply.discard();
          setNotice(null);
          focusEnded();
          reload();
          onChanged();
        }}
      />
    </article>
  );
}
