import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { attachmentAccept, attachmentExtensions, fileExtension, type Attachment, type AttachmentRule } from 'shared-contracts';
import { supportMessageValues } from '../lib/error-key.js';
import { formatFileSize, formatFileTypes } from '../lib/format.js';
import { formatDuration } from '../lib/format-duration.js';
import styles from './attachment-uploader.module.css';
import layout from './layout.module.css';
import { useAttachmentUploads } from '../lib/use-attachment-uploads.js';

export interface AttachmentUploaderProps {
  /** The files attached so far, as `/files` described them. */
  attachments: readonly Attachment[];
  /** Called with the whole new list when a file finished uploading or was removed. */
  onChange: (attachments: Attachment[]) => void;
  /** No new files and no removal (while the message they belong to is being sent). */
  disabled?: boolean;
  /** Told whether files are still uploading, so a form can wait for them before it sends. */
  onBusyChange?: (busy: boolean) => void;
  /** The id of a message about the list as a whole (a server refusal shown by the form). */
  describedBy?: string;
  /** Which files the message takes (SPEC §5): any allowed file, or a player's "add information" (images or one video). */
  rule?: AttachmentRule;
}

/** A file's kind at a glance: its extension in a badge (decoration; the name beside it says the same). */
function FileBadge({ name }: { name: string }) {
  return (
    <span className={styles.badge} aria-hidden="true">
      {fileExtension(name).toUpperCase()}
    </span>
  );
}

/**
 * A file's name, whole (see `.fileName`): isolated in its own direction inside a block that keeps the page's, so that
 * its lines start on the page's side (a Latin name in Arabic on the right). `id` is on the name itself, for a
 * control it describes.
 */
function FileName({ name, id }: { name: string; id?: string }) {
  return (
    <span className={styles.fileName}>
      <bdi id={id}>{name}</bdi>
    </span>
  );
}

/** A wait before "Try again", in whole minutes rounded up: "in 1 min" rather than "in < 1 min", never too short. */
function formatWait(ms: number, language: string): string {
  return formatDuration(Math.ceil(ms / 60_000) * 60_000, language);
}

/**
 * Attachments of a support message (SPEC §3 types, §5 limits): choose files with the button or drop them on the
 * area, see each upload's progress and cancel it, remove an uploaded file. Used by the inquiry form, the
 * conversation's add-information dialog and the agents' desk.
 */
export function AttachmentUploader({
  attachments,
  onChange,
  disabled = false,
  onBusyChange,
  describedBy,
  rule = 'message',
}: AttachmentUploaderProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const { uploads, refused, previews, addFiles, cancel, remove, retry, dismiss } = useAttachmentUploads(attachments, onChange, rule);
  const busy = uploads.length > 0;
  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange]);

  const language = i18n.language;
  const percent = new Intl.NumberFormat(language, { style: 'percent' });
  const extensions = formatFileTypes(attachmentExtensions(rule), language);
  const values = { ...supportMessageValues(language), extensions };

  const chooseButton = useRef<HTMLButtonElement>(null);
  /**
   * A file's Remove or Cancel takes its row, and the focus with it, away: the focus moves first to the next file's
   * button, else the previous one's, else "Choose files", so a keyboard or screen-reader user keeps their place.
   */
  const keepFocusNearby = (leaving: HTMLElement) => {
    const row = leaving.closest('li');
    const neighbour = (row?.nextElementSibling ?? row?.previousElementSibling)?.querySelector<HTMLButtonElement>('button:not(:disabled)');
    (neighbour ?? chooseButton.current)?.focus();
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) addFiles([...event.dataTransfer.files]);
  };

  return (
    <fieldset className={styles.uploader} aria-describedby={describedBy} data-testid="attachment-uploader">
      <legend>{t('support:attachments.label')}</legend>
      <div
        className={dragging ? `${styles.dropZone} ${styles.dragging}` : styles.dropZone}
        onDragEnter={(event) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragOver={(event) => event.preventDefault()}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={onDrop}
        data-testid="attachment-drop-zone"
      >
        <button
          ref={chooseButton}
          type="button"
          className="button-primary"
          disabled={disabled}
          onClick={() => input.current?.click()}
          aria-describedby={`${id}-hint`}
        >
          {t('support:attachments.choose')}
        </button>
        <span className={styles.dropText}>{t('support:attachments.drop')}</span>
        <input
          ref={input}
          type="file"
          multiple
          accept={attachmentAccept(rule)}
          hidden
          data-testid="attachment-input"
          onChange={(event) => {
            if (!disabled) addFiles([...(event.target.files ?? [])]);
            // The same file may be picked again after it was removed.
            event.target.value = '';
          }}
        />
        <p id={`${id}-hint`} className={styles.hint}>
          {t(rule === 'supplement' ? 'support:attachments.supplementHint' : 'support:attachments.hint', values)}
        </p>
      </div>

      {refused.length > 0 ? (
        <ul className={`${layout.stack} ${styles.list} ${styles.refused}`} role="alert" data-testid="attachment-refused">
          {refused.map((entry, index) => (
            <li key={entry.key}>
              <FileName name={entry.name} id={`${id}-refused-${index}`} />
              <span>
                {t(entry.messageKey, entry.waitMs === undefined ? values : { ...values, wait: formatWait(entry.waitMs, language) })}
              </span>
              {entry.canRetry ? (
                <button
                  type="button"
                  className={`button-secondary ${styles.fileAction}`}
                  disabled={disabled}
                  onClick={() => retry(entry.key)}
                  // Named by the words it shows, as speech input says them (WCAG 2.5.3); the file is its description.
                  aria-describedby={`${id}-refused-${index}`}
                >
                  {t('common:remote.retry')}
                </button>
              ) : null}
              <button
                type="button"
                className={styles.textButton}
                onClick={() => dismiss(entry.key)}
                aria-label={t('support:attachments.dismiss', { name: entry.name })}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}

      {uploads.length > 0 || attachments.length > 0 ? (
        <ul className={`${layout.stack} ${styles.list}`} aria-label={t('support:attachments.list')} data-testid="attachment-list">
          {uploads.map((upload) => (
            <li key={upload.key} className={styles.file} data-testid="attachment-uploading">
              <FileBadge name={upload.name} />
              <span className={styles.details}>
                <FileName name={upload.name} />
                <span className={styles.progressRow}>
                  <progress
                    value={upload.progress}
                    max={1}
                    aria-label={t('support:attachments.uploading', { name: upload.name })}
                    aria-valuetext={percent.format(upload.progress)}
                  />
                  <span aria-hidden="true">{percent.format(upload.progress)}</span>
                </span>
              </span>
              {/* Cancel stays possible while the message is being sent: it only stops this file. */}
              <button
                type="button"
                className={`button-secondary ${styles.fileAction}`}
                onClick={(event) => {
                  keepFocusNearby(event.currentTarget);
                  cancel(upload.key);
                }}
                aria-label={t('support:attachments.cancel', { name: upload.name })}
              >
                {t('support:attachments.cancelShort')}
              </button>
            </li>
          ))}
          {attachments.map((attachment) => (
            <li key={attachment.fileId} className={styles.file} data-testid="attachment-uploaded">
              {previews[attachment.fileId] ? (
                <img className={styles.thumbnail} src={previews[attachment.fileId]} alt="" width={48} height={48} />
              ) : (
                <FileBadge name={attachment.name} />
              )}
              <span className={styles.details}>
                <FileName name={attachment.name} />
                <span className={styles.meta}>
                  {t(`support:attachments.kind.${attachment.kind}`)} · {formatFileSize(attachment.size, language)} ·{' '}
                  {t('support:attachments.uploaded')}
                </span>
              </span>
              <button
                type="button"
                className={`button-secondary ${styles.fileAction}`}
                disabled={disabled}
                onClick={(event) => {
                  keepFocusNearby(event.currentTarget);
                  remove(attachment.fileId);
                }}
                aria-label={t('support:attachments.remove', { name: attachment.name })}
              >
                {t('support:attachments.removeShort')}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="visually-hidden" role="status">
        {busy ? t('support:attachments.busy') : ''}
      </p>
    </fieldset>
  );
}
