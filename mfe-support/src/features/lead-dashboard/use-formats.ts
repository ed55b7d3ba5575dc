import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '../../lib/format-duration.js';

const SECOND_MS = 1000;

/** How the dashboard writes its figures in the page language. */
export function useFormats() {
  const { t, i18n } = useTranslation();
  return useMemo(() => {
    const language = i18n.language;
    const number = new Intl.NumberFormat(language);
    const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 });
    const minutes = new Intl.NumberFormat(language, { style: 'unit', unit: 'minute', unitDisplay: 'short', maximumFractionDigits: 1 });
    const day = new Intl.DateTimeFormat(language, { month: 'short', day: 'numeric', timeZone: 'UTC' });
    const none = t('support:lead.none');
    return {
      number: (value: number) => number.format(value),
      share: (value: number | null) => (value === null ? none : percent.format(value)),
      duration: (seconds: number | null) => (seconds === null ? none : formatDuration(seconds * SECOND_MS, language)),
      minutes: (value: number) => minutes.format(value),
      percentAxis: (value: number) => percent.format(value / 100),
      day: (value: string) => day.format(new Date(`${value}T00:00:00Z`)),
    };
  }, [t, i18n.language]);
}

export type Formats = ReturnType<typeof useFormats>;
