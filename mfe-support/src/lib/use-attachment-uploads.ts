import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import {
  FILE_ERRORS,
  attachmentKindOf,
  checkAttachments,
  isAttachmentSetProblem,
  forgetKeptFields,
  keepField,
  platformApi,
  readKeptFields,
  type Attachment,
  type AttachmentKind,
  type AttachmentRule,
} from 'shared-contracts';
import { discardUploads } from './discard-uploads.js';
import { uploadRefusal } from './upload-refusal.js';

/** A file on its way to `/files`. */
export interface UploadInProgress {
  key: string;
  name: string;
  size: number;
  kind: AttachmentKind;
  /** Fraction sent, 0 to 1. */
  progress: number;
}

/** A file that was refused, by the shared checks before sending or by the server after reading its content. */
export interface RefusedFile {
  key: string;
  name: string;
  messageKey: string;
  /** Refused for what else the message holds (too many files, videos): no longer true once a file is removed. */
  forTheSet?: boolean;
  /**
   * Lost on the way (the network, the server failing) or refused for now (the upload quota): the same file may be
   * sent again as it is.
   */
  file?: File;
}

/**
 * Where this tab notes the files a form was still uploading when the player left it (another step, a reload, a
 * closed dialog): by the form's address, as it was when the form opened. The form shows them, when it opens there
 * again, as files to attach again: the upload cannot go on without the page that held the file.
 */
const interruptedEntry = (address: string) => `uploads-interrupted:${address}`;

function interruptedUploads(address: string): RefusedFile[] {
  try {
    const names: unknown = JSON.parse(readKeptFields(interruptedEntry(address)).names ?? '[]');
    return (Array.isArray(names) ? names : [])
      .filter((name): name is string => typeof name === 'string')
      .map((name, index) => ({ key: `interrupted-${index}`, name, messageKey: 'support:errors.uploadInterrupted' }));
  } catch {
    return [];
  }
}

/**
 * The uploads behind one attachment list: files are checked with the same rules as the server (SPEC §5) before
 * anything is sent, then uploaded one request each with progress and cancel; an uploaded file joins the list
 * through `onChange`. Images get a preview from the local file (an object URL, revoked once the file leaves
 * the list). Leaving the screen cancels what is still uploading, and the list tells so when it opens there again
 * (`interruptedEntry`). A removed file, and one the server stored after
 * its upload was cancelled, is discarded on the server, so it stops taking one of the player's upload places.
 */
export function useAttachmentUploads(
  attachments: readonly Attachment[],
  onChange: (attachments: Attachment[]) => void,
  rule: AttachmentRule,
) {
  const [address] = useState(() => location.pathname + location.search);
  const [uploads, setUploads] = useState<UploadInProgress[]>([]);
  const [refused, setRefused] = useState<RefusedFile[]>(() => interruptedUploads(address));
  const [previews, setPreviews] = useState<Readonly<Record<string, string>>>({});

  // Uploads finish at any time, several before the owner re-renders: they add to the newest list, not to the
  // one they started with, and count against what is already on its way.
  const latest = useRef({ attachments, onChange });
  useLayoutEffect(() => {
    latest.current = { attachments, onChange };
  }, [attachments, onChange]);
  const inFlight = useRef(new Map<string, { controller: AbortController; kind: AttachmentKind; name: string }>());
  const previewsRef = useRef(previews);
  useLayoutEffect(() => {
    previewsRef.current = previews;
  }, [previews]);

  const updateUpload = useCallback((key: string, progress: number | null) => {
    setUploads((current) =>
      progress === null
        ? current.filter((upload) => upload.key !== key)
        : current.map((upload) => (upload.key === key ? { ...upload, progress } : upload)),
    );
  }, []);

  const upload = useCallback(
    (file: File, kind: AttachmentKind) => {
      const key = crypto.randomUUID();
      const controller = new AbortController();
      inFlight.current.set(key, { controller, kind, name: file.name });
      setUploads((current) => [...current, { key, name: file.name, size: file.size, kind, progress: 0 }]);
      platformApi()
        .upload('uploadFile', {
          file,
          fileName: file.name,
          signal: controller.signal,
          onProgress: (fraction) => !controller.signal.aborted && updateUpload(key, fraction),
        })
        .then(
          (attachment) => {
            // Cancelled after the server had stored it: nothing will attach it.
            if (controller.signal.aborted) {
              discardUploads([attachment]);
              return;
            }
            if (attachment.kind === 'image') {
              setPreviews((current) => ({ ...current, [attachment.fileId]: URL.createObjectURL(file) }));
            }
            const next = [...latest.current.attachments, attachment];
            latest.current = { ...latest.current, attachments: next };
            latest.current.onChange(next);
          },
          (error: unknown) => {
            if (controller.signal.aborted) return;
            setRefused((current) => [...current, { key, name: file.name, ...uploadRefusal(error, file) }]);
          },
        )
        .finally(() => {
          inFlight.current.delete(key);
          updateUpload(key, null);
        });
    },
    [updateUpload],
  );

  /** Checks the picked or dropped files against what is attached and on its way, then uploads the ones allowed. */
  const addFiles = useCallback(
    (files: readonly File[]) => {
      if (files.length === 0) return;
      const taken = [
        ...latest.current.attachments.map((attachment) => attachment.kind),
        ...[...inFlight.current.values()].map((entry) => entry.kind),
      ];
      const problems = checkAttachments(taken, files, rule);
      const refusedNow: RefusedFile[] = [];
      files.forEach((file, index) => {
        const problem = problems[index];
        const kind = attachmentKindOf(file.name);
        if (problem || !kind) {
          refusedNow.push({
            key: crypto.randomUUID(),
            name: file.name,
            messageKey: `support:errors.${problem ?? FILE_ERRORS.typeMismatch}`,
            forTheSet: problem ? isAttachmentSetProblem(problem) : false,
          });
        } else {
          upload(file, kind);
        }
      });
      // Messages describe the latest choice; older ones would only confuse.
      setRefused(refusedNow);
    },
    [upload, rule],
  );

  const cancel = useCallback((key: string) => inFlight.current.get(key)?.controller.abort(), []);

  const remove = useCallback((fileId: string) => {
    const next = latest.current.attachments.filter((attachment) => attachment.fileId !== fileId);
    latest.current = { ...latest.current, attachments: next };
    latest.current.onChange(next);
    discardUploads([{ fileId }]);
    setRefused((current) => current.filter((entry) => !entry.forTheSet));
  }, []);

  const dismiss = useCallback((key: string) => setRefused((current) => current.filter((entry) => entry.key !== key)), []);

  /** Sends again a file lost on the way, checked against the list as it is now. */
  const retry = useCallback(
    (key: string) => {
      const file = refused.find((entry) => entry.key === key)?.file;
      if (file) addFiles([file]);
    },
    [refused, addFiles],
  );

  // A preview lives as long as its file is in the list (removed, or the draft was submitted and reset).
  useEffect(() => {
    const kept = new Set(attachments.map((attachment) => attachment.fileId));
    const gone = Object.keys(previews).filter((fileId) => !kept.has(fileId));
    if (gone.length === 0) return;
    for (const fileId of gone) URL.revokeObjectURL(previews[fileId] ?? '');
    setPreviews((current) => Object.fromEntries(Object.entries(current).filter(([fileId]) => kept.has(fileId))));
  }, [attachments, previews]);

  useEffect(() => {
    // Told once, in the list that opened with it.
    forgetKeptFields(interruptedEntry(address));
    const running = inFlight.current;
    const noteInterrupted = () => {
      const names = [...running.values()].map((entry) => entry.name);
      if (names.length > 0) keepField(interruptedEntry(address), 'names', JSON.stringify(names));
    };
    // A reload or a closed tab runs no clean-up: the page says it is going instead.
    addEventListener('pagehide', noteInterrupted);
    return () => {
      removeEventListener('pagehide', noteInterrupted);
      noteInterrupted();
      for (const { controller } of running.values()) controller.abort();
      for (const url of Object.values(previewsRef.current)) URL.revokeObjectURL(url);
    };
  }, [address]);

  return { uploads, refused, previews, addFiles, cancel, remove, retry, dismiss };
}
