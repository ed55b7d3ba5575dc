import { useEffect, useState } from 'react';
import { forgetKeptFields, keepField, readKeptFields } from 'shared-contracts';
import { useAction, type FieldErrors } from './use-action.js';

/** What ties a text value to its `Field`: the value, its setter and its problem. */
export interface FieldBinding {
  value: string;
  onValue: (value: string) => void;
  error: string | null | undefined;
}

/**
 * Fields whose text the tab keeps across a reload, such as a language change's (`keepField` of shared-contracts):
 * the form's name and the fields'. Never a password or a code. A constant of the form's module.
 */
export interface KeptFields<Name extends string> {
  form: string;
  names: readonly Name[];
}

/**
 * A form's text values, kept together, and what ties each to its `Field`: `field(name)` is the value, its setter and
 * the problem the form's check found with it; `clear(next)` puts them back to their initial values, or to `next`
 * (after a change went through), and forgets the kept ones. The kept fields get their text back once the form has
 * mounted: not in the first render, which hydrates the server's empty form, and only where the field still holds its
 * initial value (not typed into the first view meanwhile). `kept` may change (another account's form): its text is
 * read again.
 */
export function useFields<Name extends string>(initial: Record<Name, string>, errors: FieldErrors, kept?: KeptFields<Name>) {
  const [values, setValues] = useState(initial);
  // What "untouched" means when the kept text comes back: the values the form started with.
  const [firstValues] = useState(initial);
  useEffect(() => {
    if (!kept) return;
    const text = readKeptFields(kept.form);
    setValues((current) => {
      const restored = kept.names.filter((name) => current[name] === firstValues[name] && text[name]).map((name) => [name, text[name]]);
      return restored.length === 0 ? current : { ...current, ...Object.fromEntries(restored) };
    });
  }, [kept, firstValues]);
  const field = (name: Name): FieldBinding => ({
    value: values[name],
    onValue: (value: string) => {
      setValues((current) => ({ ...current, [name]: value }));
      if (kept?.names.includes(name)) keepField(kept.form, name, value);
    },
    error: errors[name],
  });
  const clear = (next: Partial<Record<Name, string>> = {}) => {
    setValues({ ...initial, ...next });
    if (kept) forgetKeptFields(kept.form);
  };
  return { values, field, clear };
}

/** A form: its text values (`useFields`), its checks and its one call at a time (`useAction`), whose problems show at the fields. */
export function useForm<Name extends string>(failureKey: string, initial: Record<Name, string>, kept?: KeptFields<Name>) {
  const action = useAction(failureKey);
  return { ...action, ...useFields(initial, action.errors, kept) };
}
