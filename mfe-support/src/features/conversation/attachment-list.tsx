import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isolateDirection, platformApi, type Attachment } from 'shared-contracts';
import { formatFileSize } from '../../lib/format.js';
import { saveFile } from '../../lib/save-file.js';
import styles from './attachment-list.module.css';

/** Files need the session's header, which a plain link cannot send: they are fetched and handed over as blobs. */
function fetchFile(fileId: string, signal?: AbortSignal): Promise<Blob> {
  return platformApi().download('downloadFile', { query: { fileId }, ...(signal ? { signal } : {}) });
}

/** A non-image file (or an image that failed to show): a button that saves it under its own name. */
function FileDownload({ attachment }: { attachment: Attachment }) {
  const { t, i18n } = useTranslation();
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');
  const save = async () => {
    setState('loading');
    try {
      saveFile(await fetchFile(attachment.fileId), attachment.name);
      setState('idle');
    } catch {
      setState('failed');
    }
  };
  return (
    <>
      <button
        type="button"
        className={styles.file}
        onClick={() => void save()}
        aria-busy={state === 'loading'}
        data-testid="attachment-download"
      >
        <span className={styles.fileBadge} aria-hidden="true">
          {t(`support:attachments.kind.${attachment.kind}`)}
        </span>
        <span className={styles.fileText}>
          {t('support:conversation.download', {
            name: isolateDirection(attachment.name),
            size: formatFileSize(attachment.size, i18n.language),
          })}
        </span>
      </button>
      {state === 'failed' ? (
        <p className={styles.fileError} role="alert">
          {t('support:conversation.attachmentFailed', { name: attachment.name })}
        </p>
      ) : null}
    </>
  );
}

/** An image as a thumbnail that opens in full size; if it cannot be fetched, a download button to try again. */
function ImageThumbnail({ attachment }: { attachment: Attachment }) {
  const { t, i18n } = useTranslation();
  const [state, setState] = useState<{ url: string } | 'loading' | 'failed'>('loading');
  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    fetchFile(attachment.fileId, controller.signal).then(
      (blob) => {
        if (controller.signal.aborted) return;
        url = URL.createObjectURL(blob);
        setState({ url });
      },
      () => !controller.signal.aborted && setState('failed'),
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [attachment.fileId]);

  if (state === 'failed') return <FileDownload attachment={attachment} />;
  const label = t('support:conversation.openImage', { name: attachment.name });
  return (
    <figure className={styles.image} data-testid="attachment-image">
      {state === 'loading' ? (
        <span className={styles.thumbnail} aria-busy="true" aria-label={attachment.name} role="img" />
      ) : (
        <a href={state.url} target="_blank" rel="noopener noreferrer" aria-label={label}>
          <img className={styles.thumbnail} src={state.url} alt={attachment.name} />
        </a>
      )}
      <figcaption>
        <bdi className={styles.fileName}>{attachment.name}</bdi> {formatFileSize(attachment.size, i18n.language)}
      </figcaption>
    </figure>
  );
}

/** The attachments of a question or message (SPEC §3): images as thumbnails, other files as download buttons. */
export function AttachmentList({ attachments }: { attachments: readonly Attachment[] }) {
  const { t } = useTranslation();
  if (attachments.length === 0) return null;
  return (
    <ul className={styles.attachments} aria-label={t('support:conversation.attachments')} data-testid="message-attachments">
      {attachments.map((attachment) => (
        <li key={attachment.fileId}>
          {attachment.kind === 'image' ? <ImageThumbnail attachment={attachment} /> : <FileDownload attachment={attachment} />}
        </li>
      ))}
    </ul>
  );
}
