import { useEffect, useRef, useState } from 'react';
import { loadSchemas, type Schemas } from 'shared-contracts';
import { useSingleRequest } from 'shared-contracts/react';
import { apiErrorKey } from './errors.js';

export interface ActionMessage {
  key: string;
  tone: 'error' | 'success';
  /** What the message's placeholders stand for, beyond the account rules every message may name. */
  values?: Readonly<Record<string, string | number>>;
}

/** A form's problems by field, each a translation key (null: the field is fine). */
export type FieldErrors = Record<string, string | null>;

/**
 * A form's checks and its one call at a time, with the outcome as a translated message: the problems `check` finds
 * with the shared schemas show at their fields, and the first field with one takes the focus (the form is given by
 * `formRef`); a second submit while the first is pending is ignored (no duplicate request), a failure becomes the
 * API's message key or `failureKey`.
 */
export function useAction(failureKey: string) {
  const single = useSingleRequest();
  const [message, setMessage] = useState<ActionMessage | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const focusAfterCheck = useRef(false);

  // After a check has rendered its problems, the keyboard and screen reader go to the first field to put right, as
  // the inquiry form does, instead of staying on the submit button.
  useEffect(() => {
    if (!focusAfterCheck.current) return;
    focusAfterCheck.current = false;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  /** Runs `task`; what it returns is the success message key, if any. */
  const run = (task: () => Promise<string | null>): Promise<void> =>
    single.run(async () => {
      setMessage(null);
      try {
        const successKey = await task();
        if (successKey) setMessage({ key: successKey, tone: 'success' });
      } catch (error) {
        setMessage({ key: apiErrorKey(error, failureKey), tone: 'error' });
      }
    });

  /**
   * The shared schemas for the form's checks, loading since the form's first focus (preloadSchemas), so normally
   * already in; null, with the network message shown, when they cannot load.
   */
  const schemas = (): Promise<Schemas | null> =>
    loadSchemas().catch(() => {
      setMessage({ key: 'common:errors.network', tone: 'error' });
      return null;
    });

  /**
   * Checks the form before anything is sent: `find` gives each field's problem, which then shows at the field, and
   * the form's message clears. True when there is none; false too when the schemas cannot load.
   */
  const check = async (find: (loaded: Schemas) => FieldErrors): Promise<boolean> => {
    const loaded = await schemas();
    if (!loaded) return false;
    const found = find(loaded);
    focusAfterCheck.current = true;
    setErrors(found);
    setMessage(null);
    return !Object.values(found).some(Boolean);
  };

  return { pending: single.pending, message, setMessage, errors, check, run, formRef };
}
