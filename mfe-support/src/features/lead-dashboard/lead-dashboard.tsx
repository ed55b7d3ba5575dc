import { useTranslation } from 'react-i18next';
import { useSession } from 'shared-contracts/react';
import { Link } from 'react-router';
import { SUPPORT_AGENT_SEGMENT } from 'shared-contracts';
import { Failed, Loading, NoData } from '../../components/call-states.js';
import layout from '../../components/layout.module.css';
import { useCall } from '../../lib/use-call.js';
import { Figures, type Dashboard } from './figures.js';
import styles from './lead-dashboard.module.css';
import { RangeForm, useRange } from './range-form.js';

/** Whether anything happened in the range at all: an empty range shows one notice instead of empty charts. */
function isQuiet(data: Dashboard): boolean {
  return data.ratings.ratings === 0 && data.days.every((day) => day.opened === 0 && day.ended === 0 && day.firstResponseP50 === null);
}

/**
 * The support lead's dashboard (issue 15 item 4), `/SupportCenter/agent/dashboard`: tickets opened and ended per
 * day, first-response and resolution times, and CSAT by game, agent and low-score reason over a range of UTC days,
 * each as a chart with its table and its CSV file. The API answers only agents with the lead's permission; anyone
 * else is told the page is not for them (a player's session without asking).
 */
export function LeadDashboard() {
  const { t } = useTranslation();
  const [range, setRange] = useRange();
  const player = useSession().role === 'player';
  const [state, retry] = useCall('leadDashboard', player ? null : `${range.from}/${range.to}`, () => ({ query: range }));
  const refused = player || (state.status === 'failed' && state.messageKey === 'support:errors.leadsOnly');

  return (
    <section
      className={`${layout.page} ${styles.dashboard}`}
      aria-labelledby="lead-dashboard-heading"
      aria-busy={state.status === 'loading'}
      data-testid="lead-dashboard"
    >
      <div className={styles.heading}>
        <h2 id="lead-dashboard-heading">{t('support:lead.title')}</h2>
        <Link to={`/${SUPPORT_AGENT_SEGMENT}`}>{t('support:lead.backToDesk')}</Link>
      </div>
      {refused ? (
        <p className={`${layout.panel} ${styles.refused}`} role="alert" data-testid="lead-refused">
          {t('support:errors.leadsOnly')}
        </p>
      ) : (
        <>
          <RangeForm key={`${range.from}/${range.to}`} range={range} onChange={setRange} />
          <p className={styles.quiet}>{t('support:lead.utc')}</p>
          {state.status === 'idle' || state.status === 'loading' ? <Loading /> : null}
          {state.status === 'failed' ? <Failed messageKey={state.messageKey} retry={retry} /> : null}
          {state.status === 'ready' && isQuiet(state.data) ? <NoData /> : null}
          {state.status === 'ready' && !isQuiet(state.data) ? <Figures data={state.data} range={range} /> : null}
        </>
      )}
    </section>
  );
}
