import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { leadReportFileName, platformApi, type LeadReport } from 'shared-contracts';
import layout from '../../components/layout.module.css';
import { saveFile } from '../../lib/save-file.js';
import styles from './lead-dashboard.module.css';
import type { Range } from './range-form.js';

/** Saves one report as CSV, made by the API from the same figures, with headers in the page language. */
function DownloadCsv({ report, range, describedBy }: { report: LeadReport; range: Range; describedBy: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');
  const download = async () => {
    setState('loading');
    try {
      const blob = await platformApi().download('leadExport', { query: { ...range, report } });
      saveFile(blob, leadReportFileName(report, range.from, range.to));
      setState('idle');
    } catch {
      setState('failed');
    }
  };
  return (
    <div className={styles.download}>
      <button
        type="button"
        className="button-secondary"
        onClick={() => void download()}
        disabled={state === 'loading'}
        aria-busy={state === 'loading'}
        aria-describedby={describedBy}
      >
        {t('support:lead.downloadCsv')}
      </button>
      {state === 'failed' ? (
        <p className={styles.problem} role="alert">
          {t('support:lead.downloadFailed')}
        </p>
      ) : null}
    </div>
  );
}

export interface TableColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
}

/** The figures of a chart as a table, for reading exact values and for screen readers. */
export function FiguresTable<Row>({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
}) {
  const { t } = useTranslation();
  return (
    <details className={styles.table}>
      <summary>{t('support:lead.showTable')}</summary>
      <div className={styles.tableScroll}>
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.header} scope="col">
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={index}>
                {columns.map((column, columnIndex) =>
                  columnIndex === 0 ? (
                    <th key={column.header} scope="row">
                      {column.cell(row)}
                    </th>
                  ) : (
                    <td key={column.header}>{column.cell(row)}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

export function Report({
  id,
  title,
  report,
  range,
  children,
}: {
  id: string;
  title: string;
  report: LeadReport;
  range: Range;
  children: ReactNode;
}) {
  return (
    <section className={layout.panel} aria-labelledby={`lead-${id}`} data-testid={`lead-report-${id}`}>
      <div className={styles.reportHeading}>
        <h3 id={`lead-${id}`}>{title}</h3>
        <DownloadCsv report={report} range={range} describedBy={`lead-${id}`} />
      </div>
      {children}
    </section>
  );
}
