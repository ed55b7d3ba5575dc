import { useCallback, useId, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS, forgetKeptFields, keepField, platformApi, readKeptFields, type Attachment, type InquiryMessage } from 'shared-contracts';
import { inquiryReplyBodySchema } from 'shared-contracts/schemas';
import { LabelledField, schemaErrorKey, useSession, useSingleRequest } from 'shared-contracts/react';
import { AttachmentUploader } from '../../components/attachment-uploader.js';
import { Counter } from '../../components/counter.js';
import fieldStyles from '../../components/form.module.css';
import { Problem } from '../../components/problem.js';
import { discardUploads, useDiscardUploadsOnLeave } from '../../lib/discard-uploads.js';
import { supportErrorKey } from '../../lib/error-key.js';
import { useFocusAfterRender } from '../../lib/use-focus-after-render.js';
import styles from './reply-form.module.css';

/**
 * A message being written. `requestId` stays the same until the message is accepted, so sending again after a
 * lost answer gives back the message the API already has instead of a second one.
 */
export interface ReplyDraft {
  content: string;
  attachments: Attachment[];
  requestId: string;
}

function newReplyDraft(): ReplyDraft {
  return { content: '', attachments: [], requestId: crypto.randomUUID() };
}

/** A reply being written, as the screen that shows its form keeps it (`useReplyDraft`). */
export interface ReplyDraftState {
  draft: ReplyDraft;
  change: (patch: Partial<ReplyDraft>) => void;
  /** A new, empty message: the last one was sent. */
  clear: () => void;
  /** The message is abandoned (the chat ended): its uploads go, and a new one starts. */
  discard: () => void;
}

/** The reply kept as `keptAs` in this tab (a new one when there is none, or no account to keep it for). */
function keptReplyDraft(keptAs: string | null): ReplyDraft {
  const kept = keptAs ? readKeptFields(keptAs) : {};
  return {
    ...newReplyDraft(),
    ...(kept.content ? { content: kept.content } : {}),
    ...(kept.requestId ? { requestId: kept.requestId } : {}),
  };
}

/**
 * The reply a screen is writing to one ticket through `endpoint`, kept by the screen rather than the form, so what
 * was typed survives a failure, a closed dialog and a re-render; its uploads are discarded when the screen is left
 * without sending it. Its text (and the id that makes a second send the same message) is also kept in this tab for
 * the account writing it (`keepField`), so a session that ends on the way (it expired, or the player logged out in
 * another tab) loses nothing: the same account logging in again finds it in the form.
 */
export function useReplyDraft(endpoint: 'inquiryReply' | 'agentInquiryReply', inquiryId: number): ReplyDraftState {
  const { userName } = useSession();
  const keptAs = userName ? `reply:${userName}:${endpoint}:${inquiryId}` : null;
  const [draft, setDraft] = useState(() => keptReplyDraft(keptAs));
  // Another ticket or account (a login after the session ended) writes its own reply, from what it kept.
  const [draftOf, setDraftOf] = useState(keptAs);
  if (draftOf !== keptAs) {
    setDraftOf(keptAs);
    setDraft(keptReplyDraft(keptAs));
  }
  useDiscardUploadsOnLeave(draft.attachments);
  const { requestId } = draft;
  const change = useCallback(
    (patch: Partial<ReplyDraft>) => {
      setDraft((current) => ({ ...current, ...patch }));
      if (keptAs && patch.content !== undefined) {
        keepField(keptAs, 'content', patch.content);
        keepField(keptAs, 'requestId', patch.content === '' ? '' : requestId);
      }
    },
    [keptAs, requestId],
  );
  const clear = useCallback(() => {
    if (keptAs) forgetKeptFields(keptAs);
    setDraft(newReplyDraft());
  }, [keptAs]);
  const discard = () => {
    void discardUploads(draft.attachments);
    clear();
  };
  return { draft, change, clear, discard };
}

/** The first problem the shared schema finds in a message's text, as a translation key. */
const contentProblem = (content: string) => schemaErrorKey(inquiryReplyBodySchema.shape.content, content, 'support', 'replyTooShort');

/**
 * Text with a counter and attachments, sent to the player's `inquiryReply` or an agent's `agentInquiryReply`.
 * The draft belongs to the caller (`useReplyDraft`) and starts afresh once the message is sent.
 */
export function ReplyForm(props: {
  endpoint: 'inquiryReply' | 'agentInquiryReply';
  inquiryId: number;
  label: string;
  reply: ReplyDraftState;
  onSent: (message: InquiryMessage) => void;
  onCancel?: () => void;
  /** Inside a dialog: the text takes focus when it opens. */
  autoFocus?: boolean;
  /** The text field, for a caller that moves focus to it (the desk's `r` shortcut). */
  textRef?: RefObject<HTMLTextAreaElement | null>;
  /** Controls above the text that put text into it (the desk's canned replies), given the insert. */
  tools?: (insert: (text: string) => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const { draft, change: onDraftChange } = props.reply;
  const id = useId();
  const ownTextarea = useRef<HTMLTextAreaElement>(null);
  const textarea = props.textRef ?? ownTextarea;
  const { pending: sending, run } = useSingleRequest();
  const [uploading, setUploading] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const focusAfterRender = useFocusAfterRender();

  /** Puts `text` where the caret was (over the selection), then gives the field focus with the caret after it. */
  const insert = (text: string) => {
    const element = textarea.current;
    const start = element?.selectionStart ?? draft.content.length;
    const end = element?.selectionEnd ?? draft.content.length;
    const content = draft.content.slice(0, start) + text + draft.content.slice(end);
    onDraftChange({ content });
    if (fieldError) setFieldError(contentProblem(content));
    // Once React has written the new text, which would otherwise put the caret at its end.
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + text.length, start + text.length);
    });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = contentProblem(draft.content);
    setFieldError(problem);
    if (problem) {
      focusAfterRender(() => textarea.current);
      return;
    }
    if (uploading) {
      setFailure('support:form.waitForUploads');
      return;
    }
    await run(async () => {
      setFailure(null);
      try {
        const message = await platformApi().call(props.endpoint, {
          body: {
            inquiryId: props.inquiryId,
            requestId: draft.requestId,
            content: draft.content,
            attachments: draft.attachments.map((attachment) => attachment.fileId),
          },
        });
        props.reply.clear();
        props.onSent(message);
      } catch (error) {
        setFailure(supportErrorKey(error, 'common:errors.submitFailed'));
      }
    });
  };

  return (
    <>
      {/* Outside the form: choosing in it (Enter included) never sends the reply. */}
      {props.tools?.(insert)}
      <form className={styles.replyForm} onSubmit={(event) => void submit(event)} noValidate data-testid="reply-form">
        <LabelledField controlId={`${id}-text`} label={props.label}>
          <textarea
            ref={textarea}
            id={`${id}-text`}
            className={`input ${styles.text}`}
            rows={5}
            value={draft.content}
            data-autofocus={props.autoFocus || undefined}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={`${id}-counter${fieldError ? ` ${id}-error` : ''}`}
            onChange={(event) => {
              onDraftChange({ content: event.target.value });
              if (fieldError) setFieldError(contentProblem(event.target.value));
            }}
          />
          <Counter id={`${id}-counter`} value={draft.content} max={LIMITS.replyMax} />
          <Problem id={`${id}-error`} messageKey={fieldError} />
        </LabelledField>
        <AttachmentUploader
          // A player's reply is "add information": images or one video (SPEC §5); an agent may send any file.
          rule={props.endpoint === 'inquiryReply' ? 'supplement' : 'message'}
          attachments={draft.attachments}
          onChange={(attachments) => onDraftChange({ attachments })}
          disabled={sending}
          onBusyChange={setUploading}
        />
        <Problem messageKey={failure} testId="reply-failure" />
        <div className={fieldStyles.actions}>
          {/* Not disabled while sending: a disabled button would drop the focus to the page; the request runs once anyway. */}
          <button type="submit" className="button-primary" aria-disabled={sending || uploading} data-testid="reply-send">
            {sending ? t('support:conversation.sending') : t('support:conversation.send')}
          </button>
          {props.onCancel ? (
            <button type="button" className="button-secondary" onClick={props.onCancel}>
              {t('support:conversation.cancel')}
            </button>
          ) : null}
        </div>
      </form>
    </>
  );
}
