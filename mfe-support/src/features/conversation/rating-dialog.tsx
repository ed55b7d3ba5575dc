import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, LIMITS, RATING_REASONS, TICKET_ERRORS, platformApi } from 'shared-contracts';
import { inquiryScoreBodySchema } from 'shared-contracts/schemas';
import { LabelledField, schemaErrorKey, useSingleRequest } from 'shared-contracts/react';
import { supportErrorKey } from '../../lib/error-key.js';
import styles from './rating-dialog.module.css';
import { Counter } from '../../components/counter.js';
import { Dialog } from '../../components/dialog.js';
import fieldStyles from '../../components/form.module.css';
import { Problem } from '../../components/problem.js';
import { RATING_SCORES } from './ticket-parts.js';

type Reason = (typeof RATING_REASONS)[number];

/** The form inside the dialog; it mounts with each opening, so every rating starts from nothing chosen. */
function RatingForm({ inquiryId, onRated, onSkip }: { inquiryId: number; onRated: () => void; onSkip: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [score, setScore] = useState<number | null>(null);
  const [reasons, setReasons] = useState<ReadonlySet<Reason>>(new Set());
  const [comment, setComment] = useState('');
  const { pending, run } = useSingleRequest();
  const [failure, setFailure] = useState<string | null>(null);
  const low = score !== null && score <= LIMITS.lowScoreMax;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Reasons and comment belong to a low score only; a higher score sends neither.
    const body = { inquiryId, score: score ?? 0, reasons: low ? [...reasons] : [], comment: low ? comment : '' };
    const problem = schemaErrorKey(inquiryScoreBodySchema, body, 'support', 'scoreRequired');
    if (problem) {
      setFailure(problem);
      return;
    }
    await run(async () => {
      setFailure(null);
      try {
        await platformApi().call('inquiryScore', { body });
        onRated();
      } catch (error) {
        // Rated already, differently (in another tab): done all the same; the reloaded ticket shows the rating given.
        if (error instanceof ApiError && error.message === TICKET_ERRORS.inquiryAlreadyRated) onRated();
        else setFailure(supportErrorKey(error, 'common:errors.submitFailed'));
      }
    });
  };

  return (
    <form
      className={styles.ratingForm}
      onSubmit={(event) => void submit(event)}
      // A message about what was sent no longer holds once the player changes it (a star chosen after "choose a star").
      onChange={() => setFailure(null)}
      noValidate
      data-testid="rating-form"
    >
      <fieldset className={styles.stars}>
        <legend>{t('support:rating.score')}</legend>
        <div className={styles.starRow}>
          {RATING_SCORES.map((value) => {
            const on = score !== null && value <= score;
            return (
              <label key={value} className={on ? `${styles.star} ${styles.starOn}` : styles.star} data-testid="rating-star">
                <input
                  type="radio"
                  name={`${id}-score`}
                  value={value}
                  checked={score === value}
                  onChange={() => setScore(value)}
                  data-autofocus={value === 1 || undefined}
                />
                <span aria-hidden="true">{on ? '★' : '☆'}</span>
                <span className="visually-hidden">{t('support:rating.star', { score: value, max: RATING_SCORES.length })}</span>
              </label>
            );
          })}
        </div>
      </fieldset>
      {low ? (
        <>
          <fieldset className={styles.reasons}>
            <legend>{t('support:rating.reasons')}</legend>
            {RATING_REASONS.map((reason) => (
              <label key={reason} className={styles.checkbox}>
                <input
                  type="checkbox"
                  checked={reasons.has(reason)}
                  onChange={(event) => {
                    const next = new Set(reasons);
                    if (event.target.checked) next.add(reason);
                    else next.delete(reason);
                    setReasons(next);
                  }}
                />
                {t(`support:rating.reason.${reason}`)}
              </label>
            ))}
          </fieldset>
          <LabelledField controlId={`${id}-comment`} label={t('support:rating.comment')}>
            <textarea
              id={`${id}-comment`}
              className={`input ${styles.comment}`}
              rows={3}
              value={comment}
              onChange={(event) => setComment(event.target.value)}
              aria-describedby={`${id}-counter`}
            />
            <Counter id={`${id}-counter`} value={comment} max={LIMITS.ratingCommentMax} />
          </LabelledField>
        </>
      ) : null}
      <Problem messageKey={failure} testId="rating-failure" />
      <div className={fieldStyles.actions}>
        <button type="submit" className="button-primary" aria-disabled={pending} data-testid="rating-submit">
          {pending ? t('support:rating.sending') : t('support:rating.submit')}
        </button>
        <button type="button" className="button-secondary" onClick={onSkip}>
          {t('support:rating.skip')}
        </button>
      </div>
    </form>
  );
}

/** Rating an ended chat (SPEC §4): one to five stars; on a low score, reasons and a comment, both skippable. */
export function RatingDialog(props: {
  open: boolean;
  onClose: () => void;
  inquiryId: number;
  onRated: () => void;
  fallbackFocus?: () => HTMLElement | null;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      title={t('support:rating.title')}
      testId="rating-dialog"
      fallbackFocus={props.fallbackFocus}
    >
      <RatingForm inquiryId={props.inquiryId} onRated={props.onRated} onSkip={props.onClose} />
    </Dialog>
  );
}
