import type { ReactNode } from 'react';
import './field.css';

/**
 * The one accessible field of every form: its label above the control it names (the child whose id is
 * `controlId`), then what is said about it (a hint, a count, a problem, each tied to the control by the app's
 * aria-describedby). `className` replaces the field's layout where a screen sets its own (a filter bar).
 */
export function LabelledField({
  controlId,
  label,
  className = 'form-field',
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
