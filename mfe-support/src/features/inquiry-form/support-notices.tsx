import { useTranslation } from 'react-i18next';
import {
  displayedSupportHours,
  formatClockTime,
  inquiryFeedbackPath,
  isSupportOnline,
  nextSupportOpening,
  platformLink,
  supportStepPath,
  type InquirySummary,
} from 'shared-contracts';
import { usePlatformContext } from 'shared-contracts/react';
import styles from './inquiry-form.module.css';
import { supportMessageValues } from '../../lib/error-key.js';
import { useNow } from './use-now.js';

/** How often the hours notice looks at the clock again. */
const CLOCK_REFRESH_MS = 30_000;

/** An IANA zone for a whole-hour UTC offset (`Etc/GMT-9` is UTC+9: the sign is inverted by convention). */
function zoneOf(utcOffsetHours: number): string {
  if (utcOffsetHours === 0) return 'Etc/GMT';
  return `Etc/GMT${utcOffsetHours > 0 ? '-' : '+'}${Math.abs(utcOffsetHours)}`;
}

/**
 * Outside support hours (SPEC §1, §4, §9), a notice to leave a message, with the hours in the player's own region
 * time and when support opens next. Within the hours it shows nothing.
 */
export function SupportHoursNotice() {
  const { t, i18n } = useTranslation();
  const { area, language } = usePlatformContext();
  const now = useNow(CLOCK_REFRESH_MS);
  if (isSupportOnline(now)) return null;
  const hours = displayedSupportHours(area, language);
  const timeZone = zoneOf(hours.utcOffsetHours);
  const zoneName =
    new Intl.DateTimeFormat(i18n.language, { timeZone, timeZoneName: 'shortOffset' })
      .formatToParts(now)
      .find((part) => part.type === 'timeZoneName')?.value ?? '';
  const opensAt = new Intl.DateTimeFormat(i18n.language, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).format(nextSupportOpening(now));
  return (
    <section className={styles.notice} aria-labelledby="hours-notice-heading" data-testid="support-hours-notice">
      <h3 id="hours-notice-heading">{t('support:hours.offlineTitle')}</h3>
      <p>{t('support:hours.leaveMessage')}</p>
      <p>
        {t('support:hours.hours', {
          open: formatClockTime(hours.open, i18n.language),
          close: formatClockTime(hours.close, i18n.language),
          zone: zoneName,
        })}
      </p>
      <p>{t('support:hours.nextOpening', { when: opensAt })}</p>
    </section>
  );
}

/** When many tickets wait for an agent (SPEC §4), a notice that replies may take longer. */
export function QueueNotice({ waiting }: { waiting: number }) {
  const { t, i18n } = useTranslation();
  return (
    <section className={styles.notice} aria-labelledby="queue-notice-heading" data-testid="queue-notice">
      <h3 id="queue-notice-heading">{t('support:queue.title')}</h3>
      <p>{t('support:queue.notice', { waiting: new Intl.NumberFormat(i18n.language).format(waiting) })}</p>
    </section>
  );
}

/**
 * The player has as many tickets in progress as one may have: said before the form, which would only be refused,
 * with the way to those tickets.
 */
function OpenLimitText() {
  const { t, i18n } = useTranslation();
  return <p>{t('support:errors.tooManyOpenInquiries', supportMessageValues(i18n.language))}</p>;
}

function HistoryLink({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <a className={className} {...platformLink(supportStepPath('history'))} data-testid="open-limit-history">
      {t('support:steps.history')}
    </a>
  );
}

/** The same above a form the player is writing anyway (started before the limit was reached, or about another game). */
export function OpenLimitNotice() {
  return (
    <section className={styles.notice} data-testid="open-limit-notice">
      <OpenLimitText />
      <HistoryLink />
    </section>
  );
}

/**
 * A player with an ongoing ticket chooses between following it and starting a new one (SPEC §4); at the limit of
 * open tickets, between following it and the others.
 */
export function UnresolvedChoice({
  inquiry,
  onStartNew,
  atOpenLimit,
}: {
  inquiry: InquirySummary;
  onStartNew: () => void;
  atOpenLimit: boolean;
}) {
  const { t } = useTranslation();
  return (
    <section className={styles.choice} aria-labelledby="unresolved-heading" data-testid="unresolved-choice">
      <h3 id="unresolved-heading">{t('support:unresolved.title')}</h3>
      {atOpenLimit ? <OpenLimitText /> : <p>{t('support:unresolved.text', { title: inquiry.title, game: inquiry.gameName })}</p>}
      <div className={styles.actions}>
        <a className="button-primary" {...platformLink(inquiryFeedbackPath(inquiry.id))} data-testid="unresolved-view">
          {t('support:unresolved.view')}
        </a>
        {atOpenLimit ? (
          <HistoryLink className="button-secondary" />
        ) : (
          <button type="button" className="button-secondary" onClick={onStartNew} data-testid="unresolved-new">
            {t('support:unresolved.new')}
          </button>
        )}
      </div>
    </section>
  );
}
