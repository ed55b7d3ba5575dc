import { useTranslation } from 'react-i18next';
import type { SupportStep } from 'shared-contracts';
import styles from './steps.module.css';

/** One support step. The steps' screens arrive with the support centre issue; until then each says so. */
export function StepPage({ step }: { step: SupportStep }) {
  const { t } = useTranslation();
  return (
    <section className={styles.step} aria-labelledby="support-step-heading" data-testid={`support-step-${step}`}>
      <h2 id="support-step-heading">{t(`support:steps.${step}`)}</h2>
      <p>{t('support:notYetAvailable')}</p>
    </section>
  );
}
