import { LIVE_EVENTS_PATH } from 'shared-contracts';
import { monitoringQueries, seriesIn } from 'tooling/monitoring';
import { describe, expect, it } from 'vitest';
import { ApiMetrics } from '../src/observability/metrics.js';

/** The series Prometheus itself adds to every scrape. */
const PROMETHEUS_SERIES = ['up'];
const HISTOGRAM_SERIES = /_(bucket|count|sum)$/;

describe('the dashboard and alert rules (tooling/docker/grafana, tooling/docker/prometheus)', () => {
  it('query only series the API exports', async () => {
    // With a pool, as on PostgreSQL: the pool's series exist only there.
    const metrics = new ApiMetrics({ poolStats: () => ({ total: 3, idle: 2, waiting: 0, max: 24 }) });
    const exported = await metrics.registry.getMetricsAsJSON();
    const kinds = new Map(exported.map((metric) => [metric.name, String(metric.type)]));
    const queries = monitoringQueries();
    expect(queries.length).toBeGreaterThan(20);
    const unknown: string[] = [];
    for (const { where, expr } of queries) {
      const series = seriesIn(expr);
      expect(series, `${where}: ${expr}`).not.toEqual([]);
      for (const name of series) {
        if (PROMETHEUS_SERIES.includes(name)) continue;
        const histogram = name.replace(HISTOGRAM_SERIES, '');
        const known = kinds.has(name) || (histogram !== name && ['histogram', 'summary'].includes(kinds.get(histogram) ?? ''));
        if (!known) unknown.push(`${where}: ${name}`);
      }
    }
    expect(unknown).toEqual([]);
  });

  it('show every series of the API on the dashboard', async () => {
    const metrics = new ApiMetrics({ poolStats: () => ({ total: 3, idle: 2, waiting: 0, max: 24 }) });
    const own = (await metrics.registry.getMetricsAsJSON()).map((metric) => metric.name).filter((name) => name.startsWith('platform_'));
    const queried = new Set(monitoringQueries().flatMap(({ expr }) => seriesIn(expr).map((name) => name.replace(HISTOGRAM_SERIES, ''))));
    expect(own.filter((name) => !queried.has(name))).toEqual([]);
  });

  it('leave the live stream out of every answer-time query: it stays open for minutes by design', () => {
    const latency = monitoringQueries().filter(({ expr }) => expr.includes('platform_http_request_duration_seconds'));
    expect(latency.length).toBeGreaterThan(3);
    const including = latency.filter(
      ({ expr }) => !expr.includes(`route!="${LIVE_EVENTS_PATH}"`) && !new RegExp(`route!~"[^"]*${LIVE_EVENTS_PATH}`).test(expr),
    );
    expect(including.map(({ where }) => where)).toEqual([]);
  });
});
