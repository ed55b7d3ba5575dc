import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { OPEN_TICKET_STATUSES, emit, type InquiryDetail } from 'shared-contracts';
import { idSchema } from 'shared-contracts/schemas';
import { Failed, Loading } from '../../components/call-states.js';
import { useLiveUpdates } from '../../lib/use-live-updates.js';
import { ConversationThread } from './conversation-thread.js';
import styles from './ticket-view.module.css';
import { Dialog } from '../../components/dialog.js';
import fieldStyles from '../../components/form.module.css';
import { EndChatDialog } from './end-chat-dialog.js';
import { RatingDialog } from './rating-dialog.js';
import { ReplyForm, useReplyDraft } from './reply-form.js';
import { EndedNotice, TicketDetails, TicketStatusBadge } from './ticket-parts.js';
import { useFocusWhenShown } from './use-focus-when-shown.js';
import { useTicket } from './use-ticket.js';

type OpenDialog = 'addInformation' | 'end' | 'rating' | null;

/** A missing ticket, or another player's (the API does not tell them apart). */
export function TicketNotFound({ backLink }: { backLink: boolean }) {
  const { t } = useTranslation();
  return (
    <section className={styles.notFound} role="alert" aria-labelledby="ticket-not-found-heading" data-testid="inquiry-not-found">
      <h2 id="ticket-not-found-heading">{t('support:conversation.notFoundTitle')}</h2>
      <p>{t('support:conversation.notFound')}</p>
      {backLink ? <Link to="../history">{t('support:conversation.backToHistory')}</Link> : null}
    </section>
  );
}

/** Step four reached from the step list, with no ticket named: the history is where tickets are chosen. */
function NoTicketChosen() {
  const { t } = useTranslation();
  return (
    <section className={styles.notFound} aria-labelledby="no-ticket-heading" data-testid="inquiry-not-chosen">
      <h2 id="no-ticket-heading">{t('support:conversation.title')}</h2>
      <p>{t('support:conversation.chooseInquiry')}</p>
      <Link to="../history">{t('support:conversation.backToHistory')}</Link>
    </section>
  );
}

/** The player's view of one loaded ticket: the conversation and what they can do with it now. */
function PlayerTicket({ ticket, reload }: { ticket: InquiryDetail; reload: (options?: { quiet?: boolean }) => void }) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const reply = useReplyDraft('inquiryReply', ticket.id);
  const [notice, setNotice] = useState<string | null>(null);
  const endedNotice = useRef<HTMLDivElement>(null);
  const focusEnded = useFocusWhenShown(endedNotice, ticket);
  const open = OPEN_TICKET_STATUSES.includes(ticket.status);
  const close = () => setDialog(null);

  return (
    <>
      <header className={styles.ticketHeader}>
        <h2 dir="auto">{ticket.title}</h2>
        <TicketStatusBadge ticket={ticket} />
      </header>
      <TicketDetails ticket={ticket} />
      <ConversationThread ticket={ticket} viewer={{ kind: 'player' }} />
      {open && !ticket.messages.some((message) => message.author === 'agent') ? (
        <p className={styles.hint}>{t('support:conversation.noReplyYet')}</p>
      ) : null}
      <EndedNotice ref={endedNotice} ticket={ticket} viewer="player" onRate={() => setDialog('rating')} />
      <p className={fieldStyles.notice} role="status" data-testid="feedback-notice">
        {notice ? t(notice) : ''}
      </p>
      {open ? (
        <div className={fieldStyles.actions}>
          <button type="button" className="button-primary" onClick={() => setDialog('addInformation')} data-testid="add-information">
            {t('support:conversation.addInformation')}
          </button>
          <button type="button" className="button-secondary" onClick={() => setDialog('end')} data-testid="end-chat">
            {t('support:conversation.endChat')}
          </button>
        </div>
      ) : null}

      <Dialog
        open={dialog === 'addInformation'}
        onClose={close}
        title={t('support:conversation.addInformation')}
        testId="add-information-dialog"
      >
        <ReplyForm
          endpoint="inquiryReply"
          inquiryId={ticket.id}
          label={t('support:conversation.message')}
          reply={reply}
          onSent={() => {
            setNotice('support:conversation.added');
            close();
            reload();
          }}
          onCancel={close}
          autoFocus
        />
      </Dialog>
      <EndChatDialog
        open={dialog === 'end'}
        onClose={close}
        endpoint="inquiryEnd"
        inquiryId={ticket.id}
        body={t('support:conversation.endBody')}
        onEnded={(status) => {
          setNotice(null);
          // Nothing more can be added: files uploaded for more information go.
          reply.discard();
          // Straight on to the rating (SPEC §4: the player can end the chat and then rate it), if it still waits for
          // one: a chat already ended and rated (in another tab) just shows how it ended.
          if (status === 'waiting_rating') {
            setDialog('rating');
          } else {
            close();
            focusEnded();
          }
          reload();
        }}
      />
      <RatingDialog
        open={dialog === 'rating'}
        onClose={close}
        inquiryId={ticket.id}
        fallbackFocus={() => endedNotice.current}
        onRated={() => {
          setNotice('support:rating.thanks');
          close();
          reload();
        }}
      />
    </>
  );
}

/**
 * Tells the shell which conversation the player has on screen while the tab is visible (`inquiry:reading`): a live
 * change of it is read here, which marks it seen, so the feedback dot does not light for it.
 */
function useReadingSignal(inquiryId: number | null): void {
  useEffect(() => {
    const tell = () => emit('inquiry:reading', { inquiryId: document.visibilityState === 'visible' ? inquiryId : null });
    tell();
    document.addEventListener('visibilitychange', tell);
    return () => {
      document.removeEventListener('visibilitychange', tell);
      emit('inquiry:reading', { inquiryId: null });
    };
  }, [inquiryId]);
}

/**
 * Step four (DESIGN §7), `/SupportCenter/feedback?inquiryId=N`: one ticket's conversation, add information, end
 * and rate. Reading the ticket marks its replies as seen, so the shell's feedback dot is told to refresh. An agent's
 * reply, an end or a status change appears within a second through the live channel (issue 15); in a hidden tab
 * it waits until the tab is visible, so a reply nobody saw is not marked seen.
 */
export function FeedbackStep() {
  const [params] = useSearchParams();
  const requested = params.get('inquiryId');
  const parsedId = idSchema.safeParse(requested);
  const inquiryId = parsedId.success ? parsedId.data : null;
  const [state, reload] = useTicket('inquiryDetail', inquiryId);
  useReadingSignal(state.status === 'ready' ? state.ticket.id : null);
  useLiveUpdates(
    (event) => event.inquiryId === inquiryId,
    () => reload({ quiet: true }),
    { whileVisible: true },
  );

  useEffect(() => {
    if (state.status === 'ready') emit('inquiry:updated', { inquiryId: state.ticket.id });
  }, [state]);

  return (
    <section className="surface-card" data-testid="support-step-feedback">
      {state.status === 'loading' ? <Loading /> : null}
      {state.status === 'failed' ? <Failed messageKey={state.messageKey} retry={reload} /> : null}
      {state.status === 'notFound' && requested === null ? <NoTicketChosen /> : null}
      {state.status === 'notFound' && requested !== null ? <TicketNotFound backLink /> : null}
      {state.status === 'ready' && state.refreshFailed ? <Failed messageKey={state.refreshFailed} retry={reload} /> : null}
      {state.status === 'ready' ? <PlayerTicket key={state.ticket.id} ticket={state.ticket} reload={reload} /> : null}
    </section>
  );
}
