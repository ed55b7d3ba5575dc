import type { ReactNode } from 'react';
import styles from './form.module.css';

/**
 * A support form's field: its label above the control it names (the child whose id is `controlId`), then what is
 * said about it (a counter, a problem). `className` replaces the form's field layout where a screen sets its own.
 */
export function LabelledField({
  controlId,
  label,
  className = styles.field,
  children,
}: {
  controlId: string;
  label: string;
  className?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={controlId}>{label}</label>
      {children}
    </div>
  );
}
