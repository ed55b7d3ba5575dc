import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { TIMINGS, setCsForm } from 'shared-contracts';
import { useCsForm } from 'shared-contracts/react';
import { Failed, Loading, NoData } from '../../app/call-states.js';
import { useCall } from '../../app/use-call.js';
import { useDebounced } from '../../app/use-debounced.js';
import styles from './help-topics.module.css';

/** Help topics of the chosen game: types as filters, a search that waits 500 ms after typing (SPEC §5), answers. */
function HelpTopics({ gameId }: { gameId: number }) {
  const { t } = useTranslation();
  const searchId = useId();
  const [typeId, setTypeId] = useState<number | null>(null);
  const [keyword, setKeyword] = useState('');
  const settledKeyword = useDebounced(keyword.trim(), TIMINGS.searchDebounceMs);
  const [types, retryTypes] = useCall('faqTypes', String(gameId), () => ({ query: { gameId } }));
  const [topics, retryTopics] = useCall('faqs', JSON.stringify([gameId, typeId, settledKeyword]), () => ({
    query: { gameId, ...(typeId === null ? {} : { typeId }), ...(settledKeyword ? { keyword: settledKeyword } : {}) },
  }));
  return (
    <section className={styles.section} aria-labelledby="help-topics-heading" data-testid="help-topics">
      <h3 id="help-topics-heading">{t('support:question.topics')}</h3>
      <div className={styles.search}>
        <label htmlFor={searchId}>{t('support:question.search')}</label>
        <input id={searchId} type="search" value={keyword} onChange={(event) => setKeyword(event.target.value)} />
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
  const [categories, retry] = useCall('inquiryTypes', String(gameId), () => ({ query: { gameId } }));
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

/** Step two (DESIGN §7): help topics for the chosen game and the question categories leading to the form. */
export function HelpTopicsStep() {
  const { t } = useTranslation();
  const csForm = useCsForm();
  return (
    <section className={styles.step} aria-labelledby="question-heading" data-testid="support-step-question">
      <h2 id="question-heading">{t('support:question.title', { game: csForm.gameName })}</h2>
      {csForm.gameId === null ? (
        <p role="alert">
          {t('support:question.chooseGameFirst')} <Link to="../game">{t('support:steps.game')}</Link>
        </p>
      ) : (
        <>
          <HelpTopics gameId={csForm.gameId} />
          <Categories gameId={csForm.gameId} />
        </>
      )}
    </section>
  );
}
