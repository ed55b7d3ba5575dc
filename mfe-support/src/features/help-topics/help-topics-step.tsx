import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { TIMINGS, gameIdOfClient, setCsForm, QUESTION_GAME_PARAM } from 'shared-contracts';
import { useCsForm, useSimpleGames } from 'shared-contracts/react';
import { Failed, Loading, NoData } from '../../components/call-states.js';
import { useCall } from '../../lib/use-call.js';
import { useDebounced } from '../../lib/use-debounced.js';
import styles from './help-topics.module.css';

/** The keys the step's calls are asked with: a first view carries its answers under the same keys. */
export const HELP_TOPICS_CALL_KEYS = {
  types: (gameId: number) => String(gameId),
  topics: (gameId: number, typeId: number | null, keyword: string) => JSON.stringify([gameId, typeId, keyword]),
  categories: (gameId: number) => String(gameId),
};

/** Help topics of the chosen game: types as filters, a search that waits 500 ms after typing (SPEC §5), answers. */
function HelpTopics({ gameId }: { gameId: number }) {
  const { t } = useTranslation();
  const searchId = useId();
  const [typeId, setTypeId] = useState<number | null>(null);
  const [keyword, setKeyword] = useState('');
  const search = useRef<HTMLInputElement>(null);
  // A keyword typed into the first view before this step hydrated is in the field but not in the state: the step sits
  // inside the layout's Suspense boundary, which React hydrates after the remote's root (whose own fields
  // createRemoteApp restores). It goes into the state at this commit, before a render puts the field back to empty.
  useLayoutEffect(() => {
    const typed = search.current?.value ?? '';
    if (typed !== '') setKeyword(typed);
  }, []);
  const settledKeyword = useDebounced(keyword.trim(), TIMINGS.searchDebounceMs);
  const [types, retryTypes] = useCall('faqTypes', HELP_TOPICS_CALL_KEYS.types(gameId), () => ({ query: { gameId } }));
  const [topics, retryTopics] = useCall('faqs', HELP_TOPICS_CALL_KEYS.topics(gameId, typeId, settledKeyword), () => ({
    query: { gameId, ...(typeId === null ? {} : { typeId }), ...(settledKeyword ? { keyword: settledKeyword } : {}) },
  }));
  return (
    <section className={styles.section} aria-labelledby="help-topics-heading" data-testid="help-topics">
      <h3 id="help-topics-heading">{t('support:question.topics')}</h3>
      <div className={styles.search}>
        <label htmlFor={searchId}>{t('support:question.search')}</label>
        <input
          ref={search}
          id={searchId}
          className="input"
          type="search"
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
        />
      </div>
      {types.status === 'failed' ? <Failed messageKey={types.messageKey} retry={retryTypes} /> : null}
      {types.status === 'ready' ? (
        <div className={styles.types} role="group" aria-label={t('support:question.types')}>
          <button type="button" aria-pressed={typeId === null} onClick={() => setTypeId(null)}>
            {t('support:question.allTypes')}
          </button>
          {types.data.map((type) => (
            <button key={type.id} type="button" aria-pressed={typeId === type.id} onClick={() => setTypeId(type.id)}>
              {type.name}
            </button>
          ))}
        </div>
      ) : null}
      {topics.status === 'loading' ? <Loading /> : null}
      {topics.status === 'failed' ? <Failed messageKey={topics.messageKey} retry={retryTopics} /> : null}
      {topics.status === 'ready' && topics.data.length === 0 ? <NoData /> : null}
      {topics.status === 'ready' && topics.data.length > 0 ? (
        <ul className={styles.topics} data-testid="help-topic-list">
          {topics.data.map((topic) => (
            <li key={topic.id}>
              <details>
                <summary>{topic.title}</summary>
                {topic.answer.split(/\n\s*\n/).map((paragraph, index) => (
                  <p key={index}>{paragraph}</p>
                ))}
              </details>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** Question categories: picking one starts the inquiry form with it (DESIGN §7 step three). */
function Categories({ gameId }: { gameId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const csForm = useCsForm();
  const [categories, retry] = useCall('inquiryTypes', HELP_TOPICS_CALL_KEYS.categories(gameId), () => ({ query: { gameId } }));
  return (
    <section className={styles.section} aria-labelledby="categories-heading" data-testid="question-categories">
      <h3 id="categories-heading">{t('support:question.categories')}</h3>
      <p>{t('support:question.categoriesHint')}</p>
      {categories.status === 'loading' ? <Loading /> : null}
      {categories.status === 'failed' ? <Failed messageKey={categories.messageKey} retry={retry} /> : null}
      {categories.status === 'ready' && categories.data.length === 0 ? <NoData /> : null}
      {categories.status === 'ready' && categories.data.length > 0 ? (
        <ul className={styles.categories}>
          {categories.data.map((category) => (
            <li key={category.id}>
              <button
                type="button"
                aria-pressed={csForm.queryType === String(category.id)}
                onClick={() => {
                  setCsForm({ queryType: String(category.id) });
                  navigate('../inquiry');
                }}
              >
                {category.name}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/**
 * The game the step shows: the address's, when the game list has it (the draft then takes it, as choosing it in
 * step one would), else the draft's. While the list the address's game is looked up in loads, or after it failed,
 * `list` says so: the step waits for it, or offers its retry, rather than ask for a game the address names.
 */
function useStepGame(): { gameId: number | null; gameName: string; list: { status: 'loading' | 'failed'; retry: () => void } | null } {
  const csForm = useCsForm();
  const [games, retry] = useSimpleGames();
  const [searchParams] = useSearchParams();
  const linkedId = gameIdOfClient(searchParams.get(QUESTION_GAME_PARAM));
  const linked = games.status === 'ready' ? games.games.find((game) => game.id === linkedId) : undefined;
  useEffect(() => {
    if (linked && csForm.gameId !== linked.id) setCsForm({ gameId: linked.id, gameName: linked.gameName, gameImg: linked.logo });
  }, [linked, csForm.gameId]);
  if (linked) return { gameId: linked.id, gameName: linked.gameName, list: null };
  const pending = linkedId !== null && games.status !== 'ready' && csForm.gameId !== linkedId;
  return { gameId: csForm.gameId, gameName: csForm.gameName, list: pending ? { status: games.status, retry } : null };
}

/** Step two (DESIGN §7): help topics for the chosen game and the question categories leading to the form. */
export function HelpTopicsStep() {
  const { t } = useTranslation();
  const { gameId, gameName, list } = useStepGame();
  return (
    <section className={styles.step} aria-labelledby="question-heading" data-testid="support-step-question">
      <h2 id="question-heading">{t('support:question.title', { game: gameName })}</h2>
      {list?.status === 'loading' ? <Loading /> : null}
      {list?.status === 'failed' ? <Failed messageKey="common:errors.network" retry={list.retry} /> : null}
      {list ? null : gameId === null ? (
        <p role="alert">
          {t('support:question.chooseGameFirst')} <Link to="../game">{t('support:steps.game')}</Link>
        </p>
      ) : (
        <>
          <HelpTopics gameId={gameId} />
          <Categories gameId={gameId} />
        </>
      )}
    </section>
  );
}
