import { useTranslation } from 'react-i18next';
import { supportMessageValues } from '../lib/error-key.js';
import styles from './form.module.css';

/**
 * What went wrong with a field or a form's request, announced at once; nothing while `messageKey` is empty. The
 * message gets support's values (the limits and the like) and the part's own `values`; `id` is what the field's
 * aria-describedby names.
 */
export function Problem(props: { messageKey: string | null | undefined; id?: string; values?: Record<string, unknown>; testId?: string }) {
  const { t, i18n } = useTranslation();
  if (!props.messageKey) return null;
  return (
    <p id={props.id} className={styles.error} role="alert" data-testid={props.testId}>
      {t(props.messageKey, { ...supportMessageValues(i18n.language), ...props.values })}
    </p>
  );
}
