import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { TICKET_STATUSES, TIMINGS } from 'shared-contracts';
import { LabelledField, useSimpleGames } from 'shared-contracts/react';
import { useDebounced } from '../../lib/use-debounced.js';
import styles from './agent-desk.module.css';
import { QueueScopeFilter } from './queue-scope-filter.js';
import type { DeskParams } from './use-desk-params.js';

/** The queue's filters: a keyword applied once typing settles, the status, the game and the holder. */
export function QueueFilters({ desk, searchRef }: { desk: DeskParams; searchRef: RefObject<HTMLInputElement | null> }) {
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
      <LabelledField controlId={`${id}-keyword`} label={t('support:agent.keyword')} className={styles.filter}>
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
      </LabelledField>
      <LabelledField controlId={`${id}-status`} label={t('support:agent.status')} className={styles.filter}>
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
      </LabelledField>
      <LabelledField controlId={`${id}-game`} label={t('support:agent.game')} className={styles.filter}>
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
      </LabelledField>
      <QueueScopeFilter value={desk.assigned} onChange={(assigned) => update({ assigned: assigned === 'all' ? null : assigned })} />
    </form>
  );
}
