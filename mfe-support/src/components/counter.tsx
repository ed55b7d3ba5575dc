import { useTranslation } from 'react-i18next';
import { textLength } from 'shared-contracts';
import styles from './form.module.css';

/**
 * Characters used of a text's maximum, counted as the server counts them (`textLength`: code points, trimmed, all
 * that is stored), in the page language's digits; red past the limit. A minimum counts only what shows
 * (`visibleLength`): "a" and a Hangul filler reads 2 here and is still too short for a title. The text's control
 * names `id` in its aria-describedby.
 */
export function Counter({ id, value, max }: { id: string; value: string; max: number }) {
  const { t, i18n } = useTranslation();
  const length = textLength(value);
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <p id={id} className={styles.counter} data-over={length > max || undefined}>
      {t('support:form.counter', { length: number.format(length), max: number.format(max) })}
    </p>
  );
}
