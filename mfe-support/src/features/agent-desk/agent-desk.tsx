import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { EndpointQuery } from 'shared-contracts';
import layout from '../../components/layout.module.css';
import { shownData } from '../../lib/use-agent-call.js';
import { useDeskShortcuts } from '../../lib/use-desk-shortcuts.js';
import { useLiveUpdates } from '../../lib/use-live-updates.js';
import { AgentQueue } from './agent-queue.js';
import styles from './agent-desk.module.css';
import { ShortcutsDialog } from './shortcuts-dialog.js';
import { useAgentQueue } from './use-agent-queue.js';
import { useDeskParams } from './use-desk-params.js';

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
  const [state, retry, refreshQuietly] = useAgentQueue(query);
  // New tickets, players' messages, ends and ratings move the queue while an agent watches it (issue 15): quietly, so
  // a desk left open on a busy queue still reaches the session's idle timeout.
  useLiveUpdates(() => true, refreshQuietly);
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
  const queue = shownData(state);
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
        <AgentQueue state={state} retry={retry} desk={desk} searchRef={searchRef} />
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
