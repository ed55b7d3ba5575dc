import { useTranslation } from 'react-i18next';
import { useFeedback } from './use-feedback.js';
import styles from './feedback-dot.module.css';

/**
 * The red dot of SPEC §2 for new replies from customer service. `corner` sits on the corner of an icon button,
 * `inline` follows a label. Screen readers hear its text as part of the control's name, so it is not colour alone.
 */
export function FeedbackDot({ placement, testId }: { placement: 'corner' | 'inline'; testId: string }) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  if (!feedback.hasNew) return null;
  return (
    <span className={`${styles.dot} ${styles[placement]}`} data-testid={testId}>
      <span className="visually-hidden">{t('shell:feedback.newReplies', { number: feedback.count })}</span>
    </span>
  );
}
