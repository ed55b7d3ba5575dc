import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './states.css';

// The states of a part of a screen while its data loads, when there is none and when loading failed, alike in every
// app (states.css). `className` adds an app's layout (a page-sized state, centred).

const withClass = (base: string, className?: string) => (className ? `${base} ${className}` : base);

/** A part waiting for its data: "Loading…" (or `label`), announced politely, with a spinner. */
export function LoadingState({ label, className }: { label?: string; className?: string }) {
  const { t } = useTranslation();
  return (
    <div className={withClass('state-loading', className)} role="status" aria-live="polite">
      <span className="state-spinner" aria-hidden="true" />
      <span>{label ?? t('common:state.loading')}</span>
    </div>
  );
}

/** A part with nothing to show: "No data." unless the part says better. */
export function EmptyState({ children, className }: { children?: ReactNode; className?: string }) {
  const { t } = useTranslation();
  return <p className={withClass('state-empty', className)}>{children ?? t('common:state.noData')}</p>;
}

/** A read that failed: what failed (and a hint), announced at once, and a retry. */
export function FailedState(props: { message: ReactNode; hint?: ReactNode; retry: () => void; className?: string }) {
  const { t } = useTranslation();
  return (
    <div className={withClass('state-failed', props.className)} role="alert">
      <p>{props.message}</p>
      {props.hint ? <p className="state-hint">{props.hint}</p> : null}
      <button type="button" className="button-primary" onClick={props.retry}>
        {t('common:remote.retry')}
      </button>
    </div>
  );
}
