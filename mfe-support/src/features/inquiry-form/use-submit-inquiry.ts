import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError, emit, platformApi, resetCsForm, type InquiryCreateBody } from 'shared-contracts';
import { useSingleRequest } from 'shared-contracts/react';
import { supportErrorKey } from '../../lib/error-key.js';
import { serverFieldErrors, type FieldErrors } from './validation.js';

/** What went wrong with the last attempt: a message for the whole form, problems of single fields, or a guest. */
export type SubmitProblem = { kind: 'loginFirst' } | { kind: 'message'; key: string; fields: FieldErrors };

/**
 * Sends the inquiry once at a time: a second click while the first is on its way sends nothing. The body carries
 * the draft's requestId, so a retry after a lost answer gets the ticket the first attempt made, never a second
 * one. The draft is reset only on success; a failure keeps every field as it was.
 */
export function useSubmitInquiry() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pending, run } = useSingleRequest();
  const [problem, setProblem] = useState<SubmitProblem | null>(null);
  // Set the moment the ticket exists: the form stays on screen while the router moves on to the history, and a
  // click landing then (the second of a double click) must not start a new draft.
  const sent = useRef(false);

  const submit = (body: InquiryCreateBody): Promise<void> =>
    run(async () => {
      setProblem(null);
      try {
        const { inquiryId } = await platformApi().call('createInquiry', { body });
        sent.current = true;
        resetCsForm();
        emit('inquiry:updated', { inquiryId });
        emit('toast:show', { message: t('support:form.submitted'), tone: 'success' });
        navigate('../history');
      } catch (error) {
        if (error instanceof ApiError && error.kind === 'session') {
          setProblem({ kind: 'loginFirst' });
        } else {
          // Refused fields say why under each field; any other refusal (too many open inquiries) says it here.
          const fields = serverFieldErrors(error);
          const key = Object.keys(fields).length > 0 ? 'common:errors.submitFailed' : supportErrorKey(error, 'common:errors.submitFailed');
          setProblem({ kind: 'message', key, fields });
        }
      }
    });

  return { pending, problem, setProblem, submit, alreadySent: () => sent.current };
}
