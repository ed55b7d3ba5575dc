import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { EndpointResponse } from 'shared-contracts';
import { Failed, Loading, NoData } from '../../components/call-states.js';
import { HandlingSummary } from '../../components/handling-summary.js';
import layout from '../../components/layout.module.css';
import { StatusBadge } from '../../components/status-badge.js';
import { formatDateTime } from '../../lib/format.js';
import styles from './agent-desk.module.css';
import { QueueFilters } from './queue-filters.js';
import { shownData } from '../../lib/use-agent-call.js';
import type { QueueState } from './use-agent-queue.js';
import type { DeskParams } from './use-desk-params.js';

type QueueItem = EndpointResponse<'agentInquiries'>['items'][number];

/** One ticket of the queue, a link that opens it beside the list. */
function QueueEntry({ item, desk }: { item: QueueItem; desk: DeskParams }) {
  const { t, i18n } = useTranslation();
  return (
    <Link
      className={`${layout.entry} ${styles.item}`}
      to={desk.linkTo({ inquiryId: String(item.id) })}
      aria-current={desk.inquiryId === item.id ? 'true' : undefined}
      data-testid="agent-queue-item"
    >
      <span className={styles.itemTitle} dir="auto">
        {item.title}
      </span>
      <span className={styles.itemMeta}>
        <bdi>{item.account}</bdi> · <bdi>{item.gameName}</bdi> ·{' '}
        <time dateTime={item.updatedAt}>{formatDateTime(item.updatedAt, i18n.language)}</time>
      </span>
      <HandlingSummary ticket={item} />
      <StatusBadge
        tone={item.status === 'processing' || item.status === 'waiting_reply' ? 'attention' : 'neutral'}
        small
        className={styles.itemStatus}
      >
        {t(`support:status.${item.status}`)}
      </StatusBadge>
    </Link>
  );
}

/** The previous and next page buttons around "page n of m", shown when the queue has more than one page. */
function QueuePaging({ page, pages, desk }: { page: number; pages: number; desk: DeskParams }) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  const pageButton = (to: number, label: string) => (
    <button type="button" className="button-secondary" disabled={to < 1 || to > pages} onClick={() => desk.update({ page: String(to) })}>
      {label}
    </button>
  );
  return (
    <nav className={styles.paging} aria-label={t('support:agent.page', { page, pages })}>
      {pageButton(page - 1, t('support:agent.previous'))}
      <span>{t('support:agent.page', { page, pages })}</span>
      {pageButton(page + 1, t('support:agent.next'))}
    </nav>
  );
}

/** The queue's panel: its filters, how many tickets match, the page of them and the paging. */
export function AgentQueue({
  state,
  retry,
  desk,
  searchRef,
}: {
  state: QueueState;
  retry: () => void;
  desk: DeskParams;
  searchRef: RefObject<HTMLInputElement | null>;
}) {
  const { t } = useTranslation();
  const queue = shownData(state);
  return (
    <section
      className={`${layout.panel} ${styles.queue}`}
      aria-labelledby="agent-queue-heading"
      aria-busy={state.status === 'loading'}
      data-testid="agent-queue"
    >
      <h3 id="agent-queue-heading">{t('support:agent.queue')}</h3>
      <QueueFilters desk={desk} searchRef={searchRef} />
      {state.status === 'loading' && !queue ? <Loading /> : null}
      {state.status === 'failed' ? <Failed messageKey={state.messageKey} retry={retry} /> : null}
      {queue ? (
        <>
          <p className={styles.total} role="status">
            {t(queue.totalCapped ? 'support:agent.totalMore' : 'support:agent.total', { total: queue.total })}
          </p>
          {queue.items.length === 0 ? <NoData /> : null}
          <ul className={`${layout.stack} ${styles.items}`}>
            {queue.items.map((item) => (
              <li key={item.id}>
                <QueueEntry item={item} desk={desk} />
              </li>
            ))}
          </ul>
          <QueuePaging page={queue.page} pages={Math.max(1, Math.ceil(queue.total / queue.pageSize))} desk={desk} />
        </>
      ) : null}
    </section>
  );
}
