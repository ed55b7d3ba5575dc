import { useState } from 'react';
import { useAction, type FieldErrors } from './use-action.js';

/** What ties a text value to its `Field`: the value, its setter and its problem. */
export interface FieldBinding {
  value: string;
  onValue: (value: string) => void;
  error: string | null | undefined;
}

/**
 * A form's text values, kept together, and what ties each to its `Field`: `field(name)` is the value, its setter and
 * the problem the form's check found with it; `clear()` empties them all (after a change went through).
 */
export function useFields<Name extends string>(initial: Record<Name, string>, errors: FieldErrors) {
  const [values, setValues] = useState(initial);
  const field = (name: Name): FieldBinding => ({
    value: values[name],
    onValue: (value: string) => setValues((current) => ({ ...current, [name]: value })),
    error: errors[name],
  });
  return { values, field, clear: () => setValues(initial) };
}

/** A form: its text values (`useFields`), its checks and its one call at a time (`useAction`), whose problems show at the fields. */
export function useForm<Name extends string>(failureKey: string, initial: Record<Name, string>) {
  const action = useAction(failureKey);
  return { ...action, ...useFields(initial, action.errors) };
}
