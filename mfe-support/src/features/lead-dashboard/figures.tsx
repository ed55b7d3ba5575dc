import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { EndpointResponse } from 'shared-contracts';
import { Chart, type ChartSeries } from './chart.js';
import styles from './lead-dashboard.module.css';
import type { Range } from './range-form.js';
import { FiguresTable, Report, type TableColumn } from './report-parts.js';
import { useFormats } from './use-formats.js';

export type Dashboard = EndpointResponse<'leadDashboard'>;
type Day = Dashboard['days'][number];
type LowScoreReason = Dashboard['lowScoreReasons'][number];

interface CsatFigures {
  ratings: number;
  satisfied: number;
  csat: number | null;
}

const toMinutes = (seconds: number | null) => (seconds === null ? null : Math.round((seconds / 60) * 10) / 10);
const toPercent = (share: number | null) => (share === null ? null : Math.round(share * 1000) / 10);

/**
 * The CSAT by game or by agent: "no ratings yet" while there are none, else a bar chart of each one's satisfied
 * share and a table of its ratings, satisfied ones and share. `nameOf` is the field naming the game or the agent.
 */
function CsatReport<Name extends string, Row extends CsatFigures & Record<Name, string>>(props: {
  by: 'game' | 'agent';
  range: Range;
  rows: Row[];
  nameOf: Name;
}) {
  const { t } = useTranslation();
  const format = useFormats();
  const { by, rows, nameOf } = props;
  const title = t(`support:lead.${by}sTitle`);
  const labels = useMemo(() => rows.map((row) => row[nameOf]), [rows, nameOf]);
  const series = useMemo<ChartSeries[]>(
    () => [{ label: t('support:lead.column.csat'), values: rows.map((row) => toPercent(row.csat)), color: 'primary' }],
    [rows, t],
  );
  const columns: TableColumn<Row>[] = [
    { header: t(`support:lead.column.${by}`), cell: (row) => row[nameOf] },
    { header: t('support:lead.column.ratings'), cell: (row) => format.number(row.ratings) },
    { header: t('support:lead.column.satisfied'), cell: (row) => format.number(row.satisfied) },
    { header: t('support:lead.column.csat'), cell: (row) => format.share(row.csat) },
  ];
  return (
    <Report id={`${by}s`} title={title} report={by === 'game' ? 'csatByGame' : 'csatByAgent'} range={props.range}>
      {rows.length === 0 ? (
        <p className={styles.quiet}>{t('support:lead.noRatings')}</p>
      ) : (
        <>
          <Chart
            kind="bar"
            horizontal
            max={100}
            labels={labels}
            series={series}
            description={t(`support:lead.${by}sChart`)}
            formatValue={format.percentAxis}
          />
          <FiguresTable caption={title} rows={rows} columns={columns} />
        </>
      )}
    </Report>
  );
}

/** One figure of the summary, under its name. */
function SummaryFigure(props: { term: string; testId?: string; className?: string; children: ReactNode }) {
  return (
    <div>
      <dt>{props.term}</dt>
      <dd className={props.className} data-testid={props.testId}>
        {props.children}
      </dd>
    </div>
  );
}

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
      {
        label: t('support:lead.column.firstResponseP50'),
        values: data.days.map((day) => toMinutes(day.firstResponseP50)),
        color: 'primary',
      },
      {
        label: t('support:lead.column.firstResponseP90'),
        values: data.days.map((day) => toMinutes(day.firstResponseP90)),
        color: 'primary',
        dashed: true,
      },
      { label: t('support:lead.column.resolutionP50'), values: data.days.map((day) => toMinutes(day.resolutionP50)), color: 'accent' },
      {
        label: t('support:lead.column.resolutionP90'),
        values: data.days.map((day) => toMinutes(day.resolutionP90)),
        color: 'accent',
        dashed: true,
      },
    ],
    [data.days, t],
  );
  const reasonLabels = useMemo(
    () => data.lowScoreReasons.map((entry) => t(`support:lead.reason.${entry.reason}`)),
    [data.lowScoreReasons, t],
  );
  const reasonSeries = useMemo<ChartSeries[]>(
    () => [{ label: t('support:lead.column.lowScores'), values: data.lowScoreReasons.map((entry) => entry.count), color: 'accent' }],
    [data.lowScoreReasons, t],
  );
  const percentiles = (spread: { p50: number | null; p90: number | null }) =>
    t('support:lead.percentiles', { p50: format.duration(spread.p50), p90: format.duration(spread.p90) });
  /** A bar chart of counts: tickets by day, low scores by reason. */
  const countChart = (labels: string[], series: ChartSeries[], description: string) => (
    <Chart kind="bar" whole labels={labels} series={series} description={description} formatValue={format.number} />
  );
  const dayColumn: TableColumn<Day> = { header: t('support:lead.column.day'), cell: (day) => format.day(day.day) };
  const countColumns: TableColumn<Day>[] = [
    dayColumn,
    { header: t('support:lead.column.opened'), cell: (day) => format.number(day.opened) },
    { header: t('support:lead.column.ended'), cell: (day) => format.number(day.ended) },
  ];
  const timeColumns: TableColumn<Day>[] = [
    dayColumn,
    { header: t('support:lead.column.firstResponseP50'), cell: (day) => format.duration(day.firstResponseP50) },
    { header: t('support:lead.column.firstResponseP90'), cell: (day) => format.duration(day.firstResponseP90) },
    { header: t('support:lead.column.resolutionP50'), cell: (day) => format.duration(day.resolutionP50) },
    { header: t('support:lead.column.resolutionP90'), cell: (day) => format.duration(day.resolutionP90) },
  ];
  const reasonColumns: TableColumn<LowScoreReason>[] = [
    { header: t('support:lead.column.reason'), cell: (entry) => t(`support:lead.reason.${entry.reason}`) },
    { header: t('support:lead.column.lowScores'), cell: (entry) => format.number(entry.count) },
    { header: t('support:lead.column.share'), cell: (entry) => format.share(entry.share) },
  ];

  return (
    <>
      <Report id="summary" title={t('support:lead.summary')} report="summary" range={range}>
        <dl className={styles.summary} data-testid="lead-summary">
          <SummaryFigure term={t('support:lead.column.opened')} testId="lead-opened">
            {format.number(totals.opened)}
          </SummaryFigure>
          <SummaryFigure term={t('support:lead.column.ended')} testId="lead-ended">
            {format.number(totals.ended)}
          </SummaryFigure>
          <SummaryFigure term={t('support:lead.firstResponse')} className={styles.percentiles}>
            {percentiles(data.durations.firstResponse)}
          </SummaryFigure>
          <SummaryFigure term={t('support:lead.resolution')} className={styles.percentiles}>
            {percentiles(data.durations.resolution)}
          </SummaryFigure>
          <SummaryFigure term={t('support:lead.column.csat')} testId="lead-csat">
            {format.share(data.ratings.csat)}
          </SummaryFigure>
        </dl>
      </Report>

      <Report id="days" title={t('support:lead.daysTitle')} report="days" range={range}>
        {countChart(dayLabels, countSeries, t('support:lead.daysChart'))}
        <FiguresTable caption={t('support:lead.daysTitle')} rows={data.days} columns={countColumns} />
      </Report>

      <Report id="times" title={t('support:lead.timesTitle')} report="days" range={range}>
        <Chart kind="line" labels={dayLabels} series={timeSeries} description={t('support:lead.timesChart')} formatValue={format.minutes} />
        <FiguresTable caption={t('support:lead.timesTitle')} rows={data.days} columns={timeColumns} />
      </Report>

      <CsatReport by="game" range={range} rows={data.csatByGame} nameOf="gameName" />

      <CsatReport by="agent" range={range} rows={data.csatByAgent} nameOf="account" />

      <Report id="reasons" title={t('support:lead.reasonsTitle')} report="lowScoreReasons" range={range}>
        {data.ratings.lowScores === 0 ? (
          <p className={styles.quiet}>{t('support:lead.noLowScores')}</p>
        ) : (
          <>
            {countChart(reasonLabels, reasonSeries, t('support:lead.reasonsChart'))}
            <FiguresTable caption={t('support:lead.reasonsTitle')} rows={data.lowScoreReasons} columns={reasonColumns} />
          </>
        )}
      </Report>
    </>
  );
}
