import { totalsOf, type AssetKind, type Totals, type Transfer } from './browser.js';
import { kb } from './report.js';
import { ORIGINS, type Origin } from './site.js';

export interface TransferSummary {
  byOrigin: { origin: Origin; kind: AssetKind; totals: Totals }[];
  js: Totals;
  css: Totals;
  all: Totals;
}

export function summarise(transfers: readonly Transfer[]): TransferSummary {
  const byOrigin = ORIGINS.flatMap((origin) =>
    (['js', 'css'] as const).flatMap((kind) => {
      const mine = transfers.filter((transfer) => transfer.origin === origin && transfer.kind === kind);
      return mine.length > 0 ? [{ origin, kind, totals: totalsOf(mine) }] : [];
    }),
  );
  return {
    byOrigin,
    js: totalsOf(transfers.filter((transfer) => transfer.kind === 'js')),
    css: totalsOf(transfers.filter((transfer) => transfer.kind === 'css')),
    all: totalsOf(transfers),
  };
}

export const TRANSFER_COLUMNS = ['origin', 'type', 'files', 'raw KB', 'gzip KB', 'br KB', 'gzip-9 KB', 'br-11 KB', 'sent KB'];

const row = (origin: string, kind: string, totals: Totals) => [
  origin,
  kind,
  totals.files,
  kb(totals.sizes.raw),
  kb(totals.sizes.gzip),
  kb(totals.sizes.brotli),
  kb(totals.sizes.gzip9),
  kb(totals.sizes.brotli11),
  kb(totals.transferred),
];

export function transferRows(summary: TransferSummary): (string | number)[][] {
  return [
    ...summary.byOrigin.map(({ origin, kind, totals }) => row(origin, kind, totals)),
    row('total', 'js', summary.js),
    row('total', 'css', summary.css),
    row('total', 'js+css', summary.all),
  ];
}

export const COMPRESSION_NOTE =
  "gzip and br at the common on-the-fly levels (gzip 6, brotli 4), gzip-9 and br-11 at the highest (the STACK-NOTES reference figures); sent = encoded body bytes the browser received (the origins send the build's brotli-11 copies).";
