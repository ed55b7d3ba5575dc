import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TICKET_LIST_LABELS, clientIdQuery, inquiryFeedbackPath, platformLink, type InquirySummary } from 'shared-contracts';
import { useSession } from 'shared-contracts/react';
import { Failed, Loading, NoData } from '../../components/call-states.js';
import layout from '../../components/layout.module.css';
import { StatusBadge, type StatusTone } from '../../components/status-badge.js';
import { formatDateTime } from '../../lib/format.js';
import { useCall } from '../../lib/use-call.js';
import { useLiveUpdates } from '../../lib/use-live-updates.js';
import styles from './history.module.css';

/** The list labels that ask the player to read (a reply) or to act (a rating), and the one of a finished chat. */
const LABEL_TONES: Record<(typeof TICKET_LIST_LABELS)[keyof typeof TICKET_LIST_LABELS], StatusTone> = {
  noReply: 'neutral',
  replied: 'attention',
  awaitingEvaluation: 'attention',
  concluded: 'done',
};

function HistoryItem({ inquiry }: { inquiry: InquirySummary }) {
  const { t, i18n } = useTranslation();
  const label = TICKET_LIST_LABELS[inquiry.status];
  return (
    <li>
      <a
        className={`${layout.entry} ${styles.item}`}
        {...platformLink(inquiryFeedbackPath(inquiry.id))}
        data-testid="history-item"
        data-inquiry-id={inquiry.id}
      >
        <span className={styles.top}>
          <span className={styles.title} dir="auto">
            {inquiry.title}
          </span>
          {inquiry.unread ? (
            <span className={styles.unread} data-testid="history-unread">
              <span className="visually-hidden">{t('support:history.unread')}</span>
            </span>
          ) : null}
        </span>
        {/* Each label ends with the language's own colon; the space keeps it apart from the value when read aloud. */}
        <span className={styles.meta}>
          <span>
            <span className="visually-hidden">{t('support:history.gameLabel')} </span>
            {inquiry.gameName}
          </span>
          <span>
            <span className="visually-hidden">{t('support:history.categoryLabel')} </span>
            {inquiry.categoryName}
          </span>
          <time dateTime={inquiry.createdAt}>
            {t('support:history.openedOn', { date: formatDateTime(inquiry.createdAt, i18n.language) })}
          </time>
        </span>
        <StatusBadge tone={LABEL_TONES[label]} className={styles.label} testId="history-label">
          {t(`support:listStatus.${label}`)}
        </StatusBadge>
      </a>
    </li>
  );
}

/**
 * The list to show: while the same player's list loads again (a live refresh), the one it had stays on screen
 * rather than the loading state, so the page neither flickers nor loses the focus.
 */
function useKeptWhileRefreshing<State extends { status: string }>(key: string | null, list: State): State {
  const [shown, setShown] = useState({ key, list });
  const keep = list.status === 'loading' && shown.list.status === 'ready' && shown.key === key;
  if (!keep && (shown.list !== list || shown.key !== key)) setShown({ key, list });
  return keep ? shown.list : list;
}

/**
 * Step zero (DESIGN §7): the logged-in player's tickets, newest first, each with its list label (SPEC §4) and a
 * marker for replies not read yet, leading to its conversation. A change to any of them (a reply, a status, an end)
 * shows within a second through the live channel (issue 15).
 */
export function HistoryStep() {
  const { t } = useTranslation();
  const { userName } = useSession();
  // A game client's history lists that game's inquiries (SPEC §7 clientId).
  const [loaded, retry, refreshQuietly] = useCall('inquiryList', userName, () => ({ query: clientIdQuery() }));
  // A player's stream carries only their own tickets' events: each may change a label or an unread marker. The
  // refresh is quiet: the player did not ask for it, so it does not hold off the session's idle timeout.
  useLiveUpdates(() => true, refreshQuietly);
  const list = useKeptWhileRefreshing(userName, loaded);
  return (
    <section className="surface-card" aria-labelledby="history-heading" data-testid="support-step-history">
      <h2 id="history-heading">{t('support:history.title')}</h2>
      {list.status === 'loading' ? <Loading /> : null}
      {list.status === 'failed' ? <Failed messageKey={list.messageKey} retry={retry} /> : null}
      {list.status === 'ready' && list.data.length === 0 ? (
        <div className={styles.empty} data-testid="history-empty">
          <NoData />
          <p>{t('support:history.empty')}</p>
          <Link className="button-primary" to="../game">
            {t('support:history.start')}
          </Link>
        </div>
      ) : null}
      {list.status === 'ready' && list.data.length > 0 ? (
        <ul className={layout.stack} data-testid="history-list">
          {list.data.map((inquiry) => (
            <HistoryItem key={inquiry.id} inquiry={inquiry} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
