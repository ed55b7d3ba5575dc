import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { TICKET_STATUSES, TIMINGS, type EndpointQuery } from 'shared-contracts';
import { idSchema, ticketStatusSchema } from 'shared-contracts/schemas';
import { useSimpleGames } from 'shared-contracts/react';
import { Failed, Loading, NoData } from '../../components/call-states.js';
import { HandlingSummary } from '../../components/handling-summary.js';
import layout from '../../components/layout.module.css';
import { StatusBadge } from '../../components/status-badge.js';
import { formatDateTime } from '../../lib/format.js';
import { useDebounced } from '../../lib/use-debounced.js';
import { useDeskShortcuts } from '../../lib/use-desk-shortcuts.js';
import { useLiveUpdates } from '../../lib/use-live-updates.js';
import styles from './agent-desk.module.css';
import { QueueScopeFilter, queueScopeOf } from './queue-scope-filter.js';
import { ShortcutsDialog } from './shortcuts-dialog.js';
import { useAgentQueue, type QueueState } from './use-agent-queue.js';

/** The desk's state lives in the address (filters, page, open ticket), so it survives a reload and can be shared. */
function useDeskParams() {
  const [params, setParams] = useSearchParams();
  const status = ticketStatusSchema.safeParse(params.get('status'));
  const gameId = idSchema.safeParse(params.get('gameId'));
  const page = idSchema.safeParse(params.get('page'));
  const inquiryId = idSchema.safeParse(params.get('inquiryId'));
  /** Changes some values; a changed filter starts again from the first page. */
  const update = (changes: Record<string, string | null>, options: { replace?: boolean } = {}) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(name);
          else next.set(name, value);
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: options.replace ?? false },
    );
  };
  const linkTo = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(changes)) {
      if (value === null) next.delete(name);
      else next.set(name, value);
    }
    return `?${next.toString()}`;
  };
  return {
    status: status.success ? status.data : null,
    gameId: gameId.success ? gameId.data : null,
    keyword: params.get('keyword') ?? '',
    page: page.success ? page.data : 1,
    inquiryId: inquiryId.success ? inquiryId.data : null,
    assigned: queueScopeOf(params.get('assigned')),
    update,
    linkTo,
  };
}

function Filters({ desk, searchRef }: { desk: ReturnType<typeof useDeskParams>; searchRef: RefObject<HTMLInputElement | null> }) {
  const { t } = useTranslation();
  const id = useId();
  const [games] = useSimpleGames();
  const [keyword, setKeyword] = useState(desk.keyword);
  const settled = useDebounced(keyword.trim(), TIMINGS.searchDebounceMs);
  const { update } = desk;
  const applied = useRef(desk.keyword);
  useEffect(() => {
    if (settled === applied.current) return;
    applied.current = settled;
    update({ keyword: settled }, { replace: true });
  }, [settled, update]);

  return (
    <form className={styles.filters} role="search" aria-label={t('support:agent.filters')} onSubmit={(event) => event.preventDefault()}>
      <div className={styles.filter}>
        <label htmlFor={`${id}-keyword`}>{t('support:agent.keyword')}</label>
        <input
          ref={searchRef}
          id={`${id}-keyword`}
          className="input"
          type="search"
          aria-keyshortcuts="/"
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
          data-testid="agent-keyword"
        />
      </div>
      <div className={styles.filter}>
        <label htmlFor={`${id}-status`}>{t('support:agent.status')}</label>
        <select
          id={`${id}-status`}
          className="input"
          value={desk.status ?? ''}
          onChange={(event) => update({ status: event.target.value })}
          data-testid="agent-status"
        >
          <option value="">{t('support:agent.allStatuses')}</option>
          {TICKET_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`support:status.${status}`)}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.filter}>
        <label htmlFor={`${id}-game`}>{t('support:agent.game')}</label>
        <select
          id={`${id}-game`}
          className="input"
          value={desk.gameId === null ? '' : String(desk.gameId)}
          onChange={(event) => update({ gameId: event.target.value })}
          data-testid="agent-game"
        >
          <option value="">{t('support:agent.allGames')}</option>
          {games.status === 'ready'
            ? games.games.map((game) => (
                <option key={game.id} value={game.id}>
                  {game.gameName}
                </option>
              ))
            : null}
        </select>
      </div>
      <QueueScopeFilter value={desk.assigned} onChange={(assigned) => update({ assigned: assigned === 'all' ? null : assigned })} />
    </form>
  );
}

function Queue({
  state,
  retry,
  desk,
  searchRef,
}: {
  state: QueueState;
  retry: () => void;
  desk: ReturnType<typeof useDeskParams>;
  searchRef: RefObject<HTMLInputElement | null>;
}) {
  const { t, i18n } = useTranslation();
  const queue = state.status === 'ready' ? state.queue : state.status === 'refused' ? null : state.previous;
  const pages = queue ? Math.max(1, Math.ceil(queue.total / queue.pageSize)) : 1;
  return (
    <section
      className={`${layout.panel} ${styles.queue}`}
      aria-labelledby="agent-queue-heading"
      aria-busy={state.status === 'loading'}
      data-testid="agent-queue"
    >
      <h3 id="agent-queue-heading">{t('support:agent.queue')}</h3>
      <Filters desk={desk} searchRef={searchRef} />
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
                <Link
                  className={styles.item}
                  to={desk.linkTo({ inquiryId: String(item.id) })}
                  aria-current={desk.inquiryId === item.id ? 'true' : undefined}
                  data-testid="agent-queue-item"
                >
                  <span className={styles.itemTitle}>{item.title}</span>
                  <span className={styles.itemMeta}>
                    {item.account} · {item.gameName} ·{' '}
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
              </li>
            ))}
          </ul>
          {pages > 1 ? (
            <nav className={styles.paging} aria-label={t('support:agent.page', { page: queue.page, pages })}>
              <button
                type="button"
                className="button-secondary"
                disabled={queue.page <= 1}
                onClick={() => desk.update({ page: String(queue.page - 1) })}
              >
                {t('support:agent.previous')}
              </button>
              <span>{t('support:agent.page', { page: queue.page, pages })}</span>
              <button
                type="button"
                className="button-secondary"
                disabled={queue.page >= pages}
                onClick={() => desk.update({ page: String(queue.page + 1) })}
              >
                {t('support:agent.next')}
              </button>
            </nav>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

/**
 * The customer-service agents' desk (DESIGN §5), `/SupportCenter/agent`: the queue with filters and paging, and
 * the chosen ticket beside it (below it on a phone). The ticket view comes from the conversation feature, composed
 * by the route. A player's session is refused by the API and told this page is not for them.
 */
export function AgentDesk({
  ticketView,
  tools,
}: {
  ticketView: (inquiryId: number, onChanged: () => void, focusOnLoad: boolean) => ReactNode;
  /** Links the route adds beside the desk's own tools (the lead's dashboard, for leads). */
  tools?: ReactNode;
}) {
  const { t } = useTranslation();
  const desk = useDeskParams();
  const query: EndpointQuery<'agentInquiries'> = {
    page: desk.page,
    ...(desk.status ? { status: desk.status } : {}),
    ...(desk.gameId ? { gameId: desk.gameId } : {}),
    ...(desk.keyword ? { keyword: desk.keyword } : {}),
    ...(desk.assigned === 'all' ? {} : { assigned: desk.assigned }),
  };
  const [state, retry] = useAgentQueue(query);
  // New tickets, players' messages, ends and ratings move the queue while an agent watches it (issue 15).
  useLiveUpdates(() => true, retry);
  // A ticket chosen from the list (not the one the page opened with): focus follows it to its title once it has
  // loaded (on a phone the list it was chosen from is hidden).
  const [shownTicket, setShownTicket] = useState(desk.inquiryId);
  const [chosen, setChosen] = useState(false);
  if (desk.inquiryId !== shownTicket) {
    setShownTicket(desk.inquiryId);
    setChosen(true);
  }
  const navigate = useNavigate();
  const searchRef = useRef<HTMLInputElement>(null);
  const [showingShortcuts, setShowingShortcuts] = useState(false);
  const queue = state.status === 'ready' ? state.queue : state.status === 'refused' ? null : state.previous;
  /** `j` and `k`: the next or previous ticket of the page shown, then on to the next or previous page. */
  const move = (step: 1 | -1) => {
    if (!queue || queue.items.length === 0) return;
    const index = queue.items.findIndex((item) => item.id === desk.inquiryId);
    const target = index === -1 ? (step === 1 ? 0 : queue.items.length - 1) : index + step;
    const item = queue.items[target];
    if (item) void navigate(desk.linkTo({ inquiryId: String(item.id) }));
    else if (target >= queue.items.length && queue.page * queue.pageSize < queue.total) desk.update({ page: String(queue.page + 1) });
    else if (target < 0 && queue.page > 1) desk.update({ page: String(queue.page - 1) });
  };
  useDeskShortcuts(
    state.status === 'refused'
      ? {}
      : { next: () => move(1), previous: () => move(-1), search: () => searchRef.current?.focus(), help: () => setShowingShortcuts(true) },
  );

  if (state.status === 'refused') {
    return (
      <section
        className={`${layout.panel} ${styles.refused}`}
        role="alert"
        aria-labelledby="agent-desk-heading"
        data-testid="agent-refused"
      >
        <h2 id="agent-desk-heading">{t('support:agent.title')}</h2>
        <p>{t('support:agent.agentsOnly')}</p>
      </section>
    );
  }
  return (
    <section
      className={`${layout.page} ${styles.desk}`}
      aria-labelledby="agent-desk-heading"
      data-ticket-open={desk.inquiryId !== null}
      data-testid="agent-desk"
    >
      <div className={styles.heading}>
        <h2 id="agent-desk-heading">{t('support:agent.title')}</h2>
        <div className={styles.tools}>
          {tools}
          <Link to="canned-replies" data-testid="manage-canned-replies">
            {t('support:cannedReplies.manage')}
          </Link>
          <button
            type="button"
            className="button-secondary"
            aria-keyshortcuts="?"
            onClick={() => setShowingShortcuts(true)}
            data-testid="desk-shortcuts"
          >
            {t('support:agent.shortcuts.open')}
          </button>
        </div>
      </div>
      <ShortcutsDialog open={showingShortcuts} onClose={() => setShowingShortcuts(false)} />
      <div className={styles.columns}>
        <Queue state={state} retry={retry} desk={desk} searchRef={searchRef} />
        <div className={`${layout.panel} ${styles.ticket}`}>
          {desk.inquiryId === null ? (
            <p className={styles.choose}>{t('support:agent.chooseInquiry')}</p>
          ) : (
            <>
              <Link className={styles.back} to={desk.linkTo({ inquiryId: null })}>
                {t('support:agent.backToQueue')}
              </Link>
              <div key={desk.inquiryId}>{ticketView(desk.inquiryId, retry, chosen)}</div>
            </>
          )}
        </div>
      </div>
    </section>
  );
}
