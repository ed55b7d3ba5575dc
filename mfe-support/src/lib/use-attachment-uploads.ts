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
import { mayHaveHeldAPlace, uploadRefusal, type UploadRefusal } from './upload-refusal.js';

/** A file on its way to `/files`. */
export interface UploadInProgress {
  key: string;
  name: string;
  size: number;
  kind: AttachmentKind;
  /** Fraction sent, 0 to 1. */
  progress: number;
}

/**
 * A file that was refused, by the shared checks before sending or by the server after reading its content. When it
 * was lost on the way (the network, the server failing) or refused for now (the upload quota, the places for files
 * not attached yet, the edge's limits), `file` holds it to send again as it is, once `retryAt` has passed and, with
 * `afterAPlaceIsFree`, once one of the account's upload places may have been given back (UploadRefusal).
 */
export interface RefusedFile extends Omit<UploadRefusal, 'messageKey'> {
  key: string;
  name: string;
  messageKey: string;
  /** Refused for what else the message holds (too many files, videos): no longer true once a file is removed. */
  forTheSet?: boolean;
}

/** A refused file as its row shows it: the message, its wait while it says one, and whether "Try again" is offered. */
export interface RefusedRow {
  key: string;
  name: string;
  messageKey: string;
  /** Milliseconds until "Try again" when the message says the wait (`{{wait}}`). */
  waitMs?: number;
  canRetry: boolean;
}

/** "Try again" can pass now: the file is kept, its Retry-After has passed, and a place may be free if it needs one. */
function canRetryAt(entry: RefusedFile, now: number): boolean {
  return entry.file !== undefined && !entry.afterAPlaceIsFree && (entry.retryAt === undefined || entry.retryAt <= now);
}

/** The refused files that waited for a free upload place, told that one may be free now. */
function withAPlaceFree(refused: RefusedFile[]): RefusedFile[] {
  return refused.some((entry) => entry.afterAPlaceIsFree) ? refused.map((entry) => ({ ...entry, afterAPlaceIsFree: false })) : refused;
}

const MINUTE_MS = 60_000;

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
  // The clock the rows' waits are measured on: set when a refusal with a wait arrives, and as each wait goes by.
  const [now, setNow] = useState(() => Date.now());
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
              void discardUploads([attachment]).then(() => setRefused(withAPlaceFree));
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
            // A cancelled upload gave its place back, and so did one that failed after it was given one.
            if (controller.signal.aborted) {
              setRefused(withAPlaceFree);
              return;
            }
            const at = Date.now();
            const refusal: RefusedFile = { key, name: file.name, ...uploadRefusal(error, file, at) };
            setNow(at);
            setRefused((current) => [...(mayHaveHeldAPlace(error) ? withAPlaceFree(current) : current), refusal]);
          },
        )
        .finally(() => {
          inFlight.current.delete(key);
          updateUpload(key, null);
        });
    },
    [updateUpload],
  );

  /**
   * Checks the picked or dropped files against what is attached and on its way, then uploads the ones allowed. The
   * refusals shown describe this choice; a file sent again (`retried`, its refusal's key) replaces only its own.
   */
  const send = useCallback(
    (files: readonly File[], retried?: string) => {
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
      // Messages describe the latest choice; older ones would only confuse. Sending one again keeps the others.
      setRefused((current) => (retried === undefined ? refusedNow : [...current.filter((entry) => entry.key !== retried), ...refusedNow]));
    },
    [upload, rule],
  );
  const addFiles = useCallback((files: readonly File[]) => send(files), [send]);

  const cancel = useCallback((key: string) => inFlight.current.get(key)?.controller.abort(), []);

  const remove = useCallback((fileId: string) => {
    const next = latest.current.attachments.filter((attachment) => attachment.fileId !== fileId);
    latest.current = { ...latest.current, attachments: next };
    latest.current.onChange(next);
    // Once the server has let it go, its place is free for a file refused for want of one.
    void discardUploads([{ fileId }]).then(() => setRefused(withAPlaceFree));
    setRefused((current) => current.filter((entry) => !entry.forTheSet));
  }, []);

  const dismiss = useCallback((key: string) => setRefused((current) => current.filter((entry) => entry.key !== key)), []);

  /** Sends again a file lost on the way or refused for now, once it may pass, checked against the list as it is now. */
  const retry = useCallback(
    (key: string) => {
      const entry = refused.find((candidate) => candidate.key === key);
      if (entry?.file && canRetryAt(entry, Date.now())) send([entry.file], key);
    },
    [refused, send],
  );

  // A wait goes by: the clock moves when a row's wait, said in whole minutes, changes, and when "Try again" comes.
  useEffect(() => {
    const waits = refused.flatMap((entry) => (entry.retryAt !== undefined && entry.retryAt > now ? [entry.retryAt - now] : []));
    if (waits.length === 0) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(...waits.map((wait) => wait % MINUTE_MS || MINUTE_MS)));
    return () => clearTimeout(timer);
  }, [refused, now]);

  // Back from another tab or app, where the player may have sent or removed files: their places may be free.
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') setRefused(withAPlaceFree);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);

  const rows: RefusedRow[] = refused.map((entry) => {
    const waiting = entry.retryAt !== undefined && entry.retryAt > now && entry.waitingMessageKey !== undefined;
    return {
      key: entry.key,
      name: entry.name,
      messageKey: waiting ? (entry.waitingMessageKey ?? entry.messageKey) : entry.messageKey,
      ...(waiting ? { waitMs: (entry.retryAt ?? now) - now } : {}),
      canRetry: canRetryAt(entry, now),
    };
  });

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

  return { uploads, refused: rows, previews, addFiles, cancel, remove, retry, dismiss };
}
