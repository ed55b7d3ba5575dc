import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type * as ChartSetupModule from './chart-setup.js';
import styles from './lead-dashboard.module.css';

/** One series of a chart: its name in the legend, its values (null: no value that day) and its theme colour. */
export interface ChartSeries {
  label: string;
  values: readonly (number | null)[];
  color: 'primary' | 'accent';
  /** A second series of the same colour (the p90 beside the p50) is drawn dashed. */
  dashed?: boolean;
}

export interface ChartProps {
  kind: 'bar' | 'line';
  labels: readonly string[];
  series: readonly ChartSeries[];
  /** What the chart shows, for screen readers (the table below it holds the figures). */
  description: string;
  /** How a value reads on the axis and in the tooltip. */
  formatValue: (value: number) => string;
  /** Bars along the vertical axis (long names such as games and agents). */
  horizontal?: boolean;
  /** The axis ends here (100 % for shares). */
  max?: number;
  /** Counts: the axis shows whole numbers only. */
  whole?: boolean;
}

type ChartSetup = typeof ChartSetupModule;
let chartSetup: Promise<ChartSetup> | undefined;

/**
 * Chart.js (registered in chart-setup.ts), fetched the first time a chart is drawn: it is in no page's first load,
 * not even the desk's.
 */
function loadChartJs(): Promise<ChartSetup> {
  chartSetup ??= import('./chart-setup.js');
  chartSetup.catch(() => {
    // A failed download may succeed later: the next chart asks again.
    chartSetup = undefined;
  });
  return chartSetup;
}

/** The page's theme colours (shared-contracts theme.ts), read when a chart is drawn so it matches the brand. */
function themeColor(name: string, fallback: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

/** A brand colour (#rrggbb) at half strength, for the second series of a colour. */
function lighter(color: string): string {
  return /^#[0-9a-f]{6}$/i.test(color) ? `${color}80` : color;
}

/**
 * A bar or line chart drawn by Chart.js on a canvas. The canvas is one image to assistive technology, described
 * by `description`; the figures themselves are in the table each chart comes with.
 */
export function Chart({ kind, labels, series, description, formatValue, horizontal = false, max, whole = false }: ChartProps) {
  const { t, i18n } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [attempt, setAttempt] = useState(0);
  const format = useRef(formatValue);
  format.current = formatValue;

  useEffect(() => {
    let chart: { destroy(): void } | undefined;
    let cancelled = false;
    setState('loading');
    loadChartJs().then(
      ({ Chart: ChartJsChart }) => {
        if (cancelled || !canvas.current) return;
        const colors = { primary: themeColor('--color-primary', '#2563eb'), accent: themeColor('--color-accent', '#d97706') };
        const text = themeColor('--color-text', '#1f2937');
        const rtl = document.documentElement.dir === 'rtl';
        const valueAxis = {
          beginAtZero: true,
          ...(max === undefined ? {} : { max }),
          ticks: { color: text, ...(whole ? { precision: 0 } : {}), callback: (value: number | string) => format.current(Number(value)) },
        };
        const categoryAxis = { ticks: { color: text }, reverse: rtl && !horizontal };
        chart = new ChartJsChart(canvas.current, {
          type: kind,
          data: {
            labels: [...labels],
            datasets: series.map((entry) => ({
              label: entry.label,
              data: [...entry.values],
              backgroundColor: entry.dashed ? lighter(colors[entry.color]) : colors[entry.color],
              borderColor: colors[entry.color],
              borderDash: entry.dashed ? [6, 4] : [],
              spanGaps: true,
            })),
          },
          options: {
            indexAxis: horizontal ? 'y' : 'x',
            maintainAspectRatio: false,
            locale: i18n.language,
            animation: false,
            scales: horizontal ? { x: valueAxis, y: categoryAxis } : { x: categoryAxis, y: valueAxis },
            plugins: {
              legend: { display: series.length > 1, rtl, labels: { color: text } },
              tooltip: {
                rtl,
                callbacks: {
                  // The series and its value joined as the language writes a label and its value (ja, zh "："; fr a no-break space).
                  label: (item) => t('support:lead.tooltip', { label: item.dataset.label ?? '', value: format.current(Number(item.raw)) }),
                },
              },
            },
          },
        });
        setState('ready');
      },
      () => !cancelled && setState('failed'),
    );
    return () => {
      cancelled = true;
      chart?.destroy();
    };
  }, [kind, labels, series, horizontal, max, whole, i18n.language, t, attempt]);

  return (
    <div className={styles.chart} data-testid="lead-chart" data-state={state}>
      <canvas ref={canvas} role="img" aria-label={description} />
      {state === 'loading' ? (
        <p className={styles.chartNote} role="status">
          {t('common:state.loading')}
        </p>
      ) : null}
      {state === 'failed' ? (
        <p className={styles.chartNote} role="alert">
          {t('support:lead.chartFailed')}{' '}
          <button type="button" className="button-secondary" onClick={() => setAttempt((value) => value + 1)}>
            {t('common:remote.retry')}
          </button>
        </p>
      ) : null}
    </div>
  );
}
