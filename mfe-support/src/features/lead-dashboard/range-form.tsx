import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { defaultLeadRange } from 'shared-contracts';
import { leadDashboardQuerySchema } from 'shared-contracts/schemas';
import { useFocusAfterRender } from '../../lib/use-focus-after-render.js';
import styles from './lead-dashboard.module.css';

/** A range of UTC days, both ends included (YYYY-MM-DD). */
export type Range = { from: string; to: string };

/** The range shown lives in the address (`?from=&to=`), so a reload or a shared link shows the same days. */
export function useRange(): [Range, (range: Range) => void] {
  const [params, setParams] = useSearchParams();
  const asked = { from: params.get('from') ?? '', to: params.get('to') ?? '' };
  const range = leadDashboardQuerySchema.safeParse(asked).success ? asked : defaultLeadRange(new Date());
  const show = (next: Range) =>
    setParams((current) => {
      const params = new URLSearchParams(current);
      params.set('from', next.from);
      params.set('to', next.to);
      return params;
    });
  return [range, show];
}

/** The days to show: checked with the API's own schema before anything is asked. */
export function RangeForm({ range, onChange }: { range: Range; onChange: (range: Range) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState(range);
  const [problem, setProblem] = useState<{ field: 'from' | 'to'; key: string } | null>(null);
  const focusAfterRender = useFocusAfterRender();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The schema the API checks with: a range the form accepts is one the server accepts.
    const parsed = leadDashboardQuerySchema.safeParse(draft);
    if (parsed.success) {
      setProblem(null);
      onChange({ from: parsed.data.from, to: parsed.data.to });
      return;
    }
    const issue = parsed.error.issues[0];
    const field = issue?.path[0] === 'from' ? 'from' : 'to';
    setProblem({ field, key: `support:errors.${issue?.message ?? 'dayInvalid'}` });
    // As on every other form: the focus goes to the field to fix, whose name and problem are then read out.
    focusAfterRender(() => document.getElementById(`${id}-${field}`));
  };
  const field = (name: 'from' | 'to') => (
    <div className={styles.field}>
      <label htmlFor={`${id}-${name}`}>{t(`support:lead.${name}`)}</label>
      <input
        id={`${id}-${name}`}
        type="date"
        required
        value={draft[name]}
        onChange={(event) => setDraft((current) => ({ ...current, [name]: event.target.value }))}
        aria-invalid={problem?.field === name ? true : undefined}
        aria-describedby={problem?.field === name ? `${id}-problem` : undefined}
        data-testid={`lead-${name}`}
      />
    </div>
  );
  return (
    <form className={styles.range} onSubmit={submit} noValidate aria-label={t('support:lead.range')}>
      {field('from')}
      {field('to')}
      <button type="submit" className="button-primary" data-testid="lead-show">
        {t('support:lead.show')}
      </button>
      {problem ? (
        <p id={`${id}-problem`} className={styles.problem} role="alert">
          {t(problem.key)}
        </p>
      ) : null}
    </form>
  );
}
