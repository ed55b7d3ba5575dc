import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS, TICKET_TYPES, type InquiryDetail } from 'shared-contracts';
import { StatusBadge } from '../../components/status-badge.js';
import { formatDateTime } from '../../lib/format.js';
import type { Viewer } from './conversation-thread.js';
import styles from './ticket-parts.module.css';

/** The scores a player may give a chat, as `inquiryScore` accepts them. */
export const RATING_SCORES = Array.from({ length: LIMITS.scoreMax - LIMITS.scoreMin + 1 }, (_, index) => LIMITS.scoreMin + index);

/** The display state of SPEC §4 (no reply yet, waiting for reply, replied, waiting for rating, ended). */
export function TicketStatusBadge({ ticket }: { ticket: Pick<InquiryDetail, 'status'> }) {
  const { t } = useTranslation();
  const tone =
    ticket.status === 'replied' || ticket.status === 'waiting_rating' ? 'attention' : ticket.status === 'ended' ? 'done' : 'neutral';
  return (
    <StatusBadge tone={tone} testId="ticket-status">
      <span className="visually-hidden">{t('support:status.label')}: </span>
      {t(`support:status.${ticket.status}`)}
    </StatusBadge>
  );
}

/** What the ticket is about: game, category, when it was sent, and for a game ticket its server, region, character. */
export function TicketDetails({ ticket, account }: { ticket: InquiryDetail; account?: string }) {
  const { t, i18n } = useTranslation();
  const rows: [string, string][] = [
    ...(account === undefined ? [] : [[t('support:agent.account'), account] as [string, string]]),
    [t('support:conversation.game'), ticket.gameName],
    [t('support:conversation.category'), ticket.categoryName],
    ...(ticket.ticketType === TICKET_TYPES.official
      ? ([
          [t('support:conversation.server'), ticket.serverName || ticket.serverId],
          [t('support:conversation.region'), ticket.areaName || ticket.gameAreaId],
          [t('support:conversation.role'), `${ticket.roleName} (${ticket.roleId})`],
        ] as [string, string][])
      : []),
    [t('support:conversation.contact'), ticket.contact],
    [t('support:conversation.created'), formatDateTime(ticket.createdAt, i18n.language)],
  ];
  return (
    <dl className={styles.details} aria-label={t('support:conversation.details')} data-testid="ticket-details">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** How the chat ended, told to whoever reads it: the player reads "you", an agent reads "the player". */
const ENDED_KEYS: Record<Viewer['kind'], Record<NonNullable<InquiryDetail['endedBy']>, string>> = {
  player: {
    system: 'support:conversation.autoEnded',
    player: 'support:conversation.endedByPlayer',
    agent: 'support:conversation.endedByAgent',
  },
  agent: {
    system: 'support:agent.autoEnded',
    player: 'support:agent.endedByPlayer',
    agent: 'support:conversation.endedByAgent',
  },
};

/**
 * How a chat ended and its rating: who ended it (the 24-hour auto-end says the player did not reply, SPEC §4), in
 * the words of the `viewer` (the player's view or the agents' desk), then either the invitation to rate (`onRate`,
 * players only) or the rating given. Focusable, so focus can land here when the control that had it is gone.
 */
export function EndedNotice({
  ticket,
  viewer,
  onRate,
  ref,
}: {
  ticket: InquiryDetail;
  viewer: Viewer['kind'];
  onRate?: () => void;
  ref?: Ref<HTMLDivElement>;
}) {
  const { t } = useTranslation();
  if (ticket.endedBy === null) return null;
  const endedKey = ENDED_KEYS[viewer][ticket.endedBy];
  return (
    <div ref={ref} tabIndex={-1} className={styles.ended} data-testid="ended-notice" data-ended-by={ticket.endedBy}>
      <p>{t(endedKey, { hours: LIMITS.autoEndHours })}</p>
      {ticket.rating ? (
        <div data-testid="rating-given">
          <p className={styles.ratingGiven}>
            <span aria-hidden="true">{'★'.repeat(ticket.rating.score)}</span>{' '}
            {t(viewer === 'agent' ? 'support:agent.ratingGiven' : 'support:rating.given', {
              score: ticket.rating.score,
              max: RATING_SCORES.length,
            })}
          </p>
          {ticket.rating.reasons.length > 0 ? (
            <ul className={styles.givenReasons}>
              {ticket.rating.reasons.map((reason) => (
                <li key={reason}>{t(`support:rating.reason.${reason}`)}</li>
              ))}
            </ul>
          ) : null}
          {ticket.rating.comment ? <p className={styles.givenComment}>{ticket.rating.comment}</p> : null}
        </div>
      ) : onRate ? (
        <>
          <p>{t('support:conversation.rateInvite')}</p>
          <button type="button" className="button-primary" onClick={onRate} data-testid="rate-open">
            {t('support:conversation.rate')}
          </button>
        </>
      ) : null}
    </div>
  );
}
