import type { LeadReport } from 'shared-contracts';
import type { CsvCell } from './csv.js';
import type { LeadExportTexts } from './export-texts.js';
import type { LeadDashboard } from './stats.js';

/** A share (0 to 1) as a percentage with one decimal, the way a spreadsheet shows it; empty when there is none. */
function percent(share: number | null): CsvCell {
  return share === null ? null : Math.round(share * 1000) / 10;
}

/**
 * One report of the dashboard as rows, headers first: the same figures the dashboard shows, durations in whole
 * seconds and shares in percent, so a spreadsheet can sum and chart them.
 */
export function reportRows(report: LeadReport, dashboard: LeadDashboard, texts: LeadExportTexts): CsvCell[][] {
  switch (report) {
    case 'days': {
      const h = texts.days;
      return [
        [h.day, h.opened, h.ended, h.firstResponseP50, h.firstResponseP90, h.resolutionP50, h.resolutionP90],
        ...dashboard.days.map((day) => [
          day.day,
          day.opened,
          day.ended,
          day.firstResponseP50,
          day.firstResponseP90,
          day.resolutionP50,
          day.resolutionP90,
        ]),
      ];
    }
    case 'summary': {
      // The summary card's figures, one a row: its counts, response times and satisfaction.
      const { days, csat, summary } = texts;
      const { firstResponse, resolution } = dashboard.durations;
      return [
        [summary.measure, summary.value],
        [days.opened, dashboard.days.reduce((sum, day) => sum + day.opened, 0)],
        [days.ended, dashboard.days.reduce((sum, day) => sum + day.ended, 0)],
        [summary.firstResponseTickets, firstResponse.tickets],
        [days.firstResponseP50, firstResponse.p50],
        [days.firstResponseP90, firstResponse.p90],
        [summary.resolutionTickets, resolution.tickets],
        [days.resolutionP50, resolution.p50],
        [days.resolutionP90, resolution.p90],
        [csat.ratings, dashboard.ratings.ratings],
        [csat.csat, percent(dashboard.ratings.csat)],
      ];
    }
    case 'csatByGame': {
      const h = texts.csat;
      return [
        [h.game, h.ratings, h.satisfied, h.csat],
        ...dashboard.csatByGame.map((game) => [game.gameName, game.ratings, game.satisfied, percent(game.csat)]),
      ];
    }
    case 'csatByAgent': {
      const h = texts.csat;
      return [
        [h.agent, h.ratings, h.satisfied, h.csat],
        ...dashboard.csatByAgent.map((agent) => [agent.account, agent.ratings, agent.satisfied, percent(agent.csat)]),
      ];
    }
    case 'lowScoreReasons': {
      const h = texts.reasons;
      return [
        [h.reason, h.count, h.share],
        ...dashboard.lowScoreReasons.map((entry) => [h[entry.reason], entry.count, percent(entry.share)]),
      ];
    }
  }
}
