import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { EndpointResponse } from 'shared-contracts';
import { Chart, type ChartSeries } from './chart.js';
import styles from './lead-dashboard.module.css';
import type { Range } from './range-form.js';
import { FiguresTable, Report, type TableColumn } from './report-parts.js';
import { useFormats, type Formats } from './use-formats.js';

export type Dashboard = EndpointResponse<'leadDashboard'>;

interface CsatFigures {
  ratings: number;
  satisfied: number;
  csat: number | null;
}

/** A CSAT table's columns: its first (the game or the agent), then the ratings, the satisfied ones and their share. */
function csatColumns<Row extends CsatFigures>(
  first: TableColumn<Row>,
  headers: { ratings: string; satisfied: string; csat: string },
  format: Formats,
): TableColumn<Row>[] {
  return [
    first,
    { header: headers.ratings, cell: (row) => format.number(row.ratings) },
    { header: headers.satisfied, cell: (row) => format.number(row.satisfied) },
    { header: headers.csat, cell: (row) => format.share(row.csat) },
  ];
}

const toMinutes = (seconds: number | null) => (seconds === null ? null : Math.round((seconds / 60) * 10) / 10);
const toPercent = (share: number | null) => (share === null ? null : Math.round(share * 1000) / 10);

/** The dashboard's figures over a range: the summary, then each report as a chart, its table and its CSV. */
export function Figures({ data, range }: { data: Dashboard; range: Range }) {
  const { t } = useTranslation();
  const format = useFormats();
  const totals = useMemo(
    () => ({
      opened: data.days.reduce((sum, day) => sum + day.opened, 0),
      ended: data.days.reduce((sum, day) => sum + day.ended, 0),
    }),
    [data.days],
  );
  const dayLabels = useMemo(() => data.days.map((day) => format.day(day.day)), [data.days, format]);
  const countSeries = useMemo<ChartSeries[]>(
    () => [
      { label: t('support:lead.column.opened'), values: data.days.map((day) => day.opened), color: 'primary' },
      { label: t('support:lead.column.ended'), values: data.days.map((day) => day.ended), color: 'accent' },
    ],
    [data.days, t],
  );
  const timeSeries = useMemo<ChartSeries[]>(
    () => [
      { label: t('support:lead.column.firstResponseP50'), values: data.days.map((day) => toMinutes(day.firstResponseP50)), color: 'primary' },
      { label: t('support:lead.column.firstResponseP90'), values: data.days.map((day) => toMinutes(day.firstResponseP90)), color: 'primary', dashed: true },
      { label: t('support:lead.column.resolutionP50'), values: data.days.map((day) => toMinutes(day.resolutionP50)), color: 'accent' },
      { label: t('support:lead.column.resolutionP90'), values: data.days.map((day) => toMinutes(day.resolutionP90)), color: 'accent', dashed: true },
    ],
    [data.days, t],
  );
  const gameLabels = useMemo(() => data.csatByGame.map((game) => game.gameName), [data.csatByGame]);
  const gameSeries = useMemo<ChartSeries[]>(
    () => [{ label: t('support:lead.column.csat'), values: data.csatByGame.map((game) => toPercent(game.csat)), color: 'primary' }],
    [data.csatByGame, t],
  );
  const agentLabels = useMemo(() => data.csatByAgent.map((agent) => agent.account), [data.csatByAgent]);
  const agentSeries = useMemo<ChartSeries[]>(
    () => [{ label: t('support:lead.column.csat'), values: data.csatByAgent.map((agent) => toPercent(agent.csat)), color: 'primary' }],
    [data.csatByAgent, t],
  );
  const csatHeaders = {
    ratings: t('support:lead.column.ratings'),
    satisfied: t('support:lead.column.satisfied'),
    csat: t('support:lead.column.csat'),
  };
  const reasonLabels = useMemo(() => data.lowScoreReasons.map((entry) => t(`support:lead.reason.${entry.reason}`)), [data.lowScoreReasons, t]);
  const reasonSeries = useMemo<ChartSeries[]>(
    () => [{ label: t('support:lead.column.lowScores'), values: data.lowScoreReasons.map((entry) => entry.count), color: 'accent' }],
    [data.lowScoreReasons, t],
  );

  return (
    <>
      <Report id="summary" title={t('support:lead.summary')} report="responseTimes" range={range}>
        <dl className={styles.summary} data-testid="lead-summary">
          <div>
            <dt>{t('support:lead.column.opened')}</dt>
            <dd data-testid="lead-opened">{format.number(totals.opened)}</dd>
          </div>
          <div>
            <dt>{t('support:lead.column.ended')}</dt>
            <dd data-testid="lead-ended">{format.number(totals.ended)}</dd>
          </div>
          <div>
            <dt>{t('support:lead.firstResponse')}</dt>
            <dd className={styles.percentiles}>
              {t('support:lead.percentiles', { p50: format.duration(data.durations.firstResponse.p50), p90: format.duration(data.durations.firstResponse.p90) })}
            </dd>
          </div>
          <div>
            <dt>{t('support:lead.resolution')}</dt>
            <dd className={styles.percentiles}>
              {t('support:lead.percentiles', { p50: format.duration(data.durations.resolution.p50), p90: format.duration(data.durations.resolution.p90) })}
            </dd>
          </div>
          <div>
            <dt>{t('support:lead.column.csat')}</dt>
            <dd data-testid="lead-csat">{format.share(data.ratings.csat)}</dd>
          </div>
        </dl>
      </Report>

      <Report id="days" title={t('support:lead.daysTitle')} report="days" range={range}>
        <Chart kind="bar" whole labels={dayLabels} series={countSeries} description={t('support:lead.daysChart')} formatValue={format.number} />
        <FiguresTable
          caption={t('support:lead.daysTitle')}
          rows={data.days}
          columns={[
            { header: t('support:lead.column.day'), cell: (day) => format.day(day.day) },
            { header: t('support:lead.column.opened'), cell: (day) => format.number(day.opened) },
            { header: t('support:lead.column.ended'), cell: (day) => format.number(day.ended) },
          ]}
        />
      </Report>

      <Report id="times" title={t('support:lead.timesTitle')} report="days" range={range}>
        <Chart kind="line" labels={dayLabels} series={timeSeries} description={t('support:lead.timesChart')} formatValue={format.minutes} />
        <FiguresTable
          caption={t('support:lead.timesTitle')}
          rows={data.days}
          columns={[
            { header: t('support:lead.column.day'), cell: (day) => format.day(day.day) },
            { header: t('support:lead.column.firstResponseP50'), cell: (day) => format.duration(day.firstResponseP50) },
            { header: t('support:lead.column.firstResponseP90'), cell: (day) => format.duration(day.firstResponseP90) },
            { header: t('support:lead.column.resolutionP50'), cell: (day) => format.duration(day.resolutionP50) },
            { header: t('support:lead.column.resolutionP90'), cell: (day) => format.duration(day.resolutionP90) },
          ]}
        />
      </Report>

      <Report id="games" title={t('support:lead.gamesTitle')} report="csatByGame" range={range}>
        {data.csatByGame.length === 0 ? (
          <p className={styles.quiet}>{t('support:lead.noRatings')}</p>
        ) : (
          <>
            <Chart kind="bar" horizontal max={100} labels={gameLabels} series={gameSeries} description={t('support:lead.gamesChart')} formatValue={format.percentAxis} />
            <FiguresTable
              caption={t('support:lead.gamesTitle')}
              rows={data.csatByGame}
              columns={csatColumns<Dashboard['csatByGame'][number]>({ header: t('support:lead.column.game'), cell: (row) => row.gameName }, csatHeaders, format)}
            />
          </>
        )}
      </Report>

      <Report id="agents" title={t('support:lead.agentsTitle')} report="csatByAgent" range={range}>
        {data.csatByAgent.length === 0 ? (
          <p className={styles.quiet}>{t('support:lead.noRatings')}</p>
        ) : (
          <>
            <Chart kind="bar" horizontal max={100} labels={agentLabels} series={agentSeries} description={t('support:lead.agentsChart')} formatValue={format.percentAxis} />
            <FiguresTable
              caption={t('support:lead.agentsTitle')}
              rows={data.csatByAgent}
              columns={csatColumns<Dashboard['csatByAgent'][number]>({ header: t('support:lead.column.agent'), cell: (row) => row.account }, csatHeaders, format)}
            />
          </>
        )}
      </Report>

      <Report id="reasons" title={t('support:lead.reasonsTitle')} report="lowScoreReasons" range={range}>
        {data.ratings.lowScores === 0 ? (
          <p className={styles.quiet}>{t('support:lead.noLowScores')}</p>
        ) : (
          <>
            <Chart kind="bar" whole labels={reasonLabels} series={reasonSeries} description={t('support:lead.reasonsChart')} formatValue={format.number} />
            <FiguresTable
              caption={t('support:lead.reasonsTitle')}
              rows={data.lowScoreReasons}
              columns={[
                { header: t('support:lead.column.reason'), cell: (entry) => t(`support:lead.reason.${entry.reason}`) },
                { header: t('support:lead.column.lowScores'), cell: (entry) => format.number(entry.count) },
                { header: t('support:lead.column.share'), cell: (entry) => format.share(entry.share) },
              ]}
            />
          </>
        )}
      </Report>
    </>
  );
}
