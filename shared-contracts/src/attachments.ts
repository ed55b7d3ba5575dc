import { LIMITS } from './limits.js';

/**
 * Attachment types of SPEC §3: images, videos and other documents, by file extension. The API checks a file's
 * content (magic bytes) against the kind its name claims; the browser uses the same lists to refuse early.
 */
export const ATTACHMENT_EXTENSIONS = {
  image: ['gif', 'jpg', 'jpeg', 'png'],
  video: ['mp4', 'webm', 'ogg', 'avi'],
  other: ['zip', 'txt', 'doc', 'docx', 'pdf', 'xlsx'],
} as const;

export type AttachmentKind = keyof typeof ATTACHMENT_EXTENSIONS;
export const ATTACHMENT_KINDS = Object.keys(ATTACHMENT_EXTENSIONS) as AttachmentKind[];

/** The `accept` attribute of the file pickers: every allowed extension. */
export const ATTACHMENT_ACCEPT = Object.values(ATTACHMENT_EXTENSIONS)
  .flat()
  .map((extension) => `.${extension}`)
  .join(',');

/** The lower-case extension of a file name, without the dot ('' when it has none). */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 || dot === name.length - 1 ? '' : name.slice(dot + 1).toLowerCase();
}

/** The kind a file name claims, or null when its extension is on no list ("unexpected", SPEC §3). */
export function attachmentKindOf(name: string): AttachmentKind | null {
  const extension = fileExtension(name);
  for (const kind of ATTACHMENT_KINDS) {
    if ((ATTACHMENT_EXTENSIONS[kind] as readonly string[]).includes(extension)) return kind;
  }
  return null;
}

/**
 * Why a file is refused, named as the server names the same refusal (the upload's `fileTooLarge`, `fileEmpty`,
 * `typeMismatch`; a message's `attachmentsTooMany`, `attachmentsTooManyVideos`), so one message key serves both.
 */
export type AttachmentProblem = 'typeMismatch' | 'fileTooLarge' | 'fileEmpty' | 'attachmentsTooMany' | 'attachmentsTooManyVideos';

/**
 * Why a set of files cannot go with one message (SPEC §5): at most 3 files, each non-empty and under 20 MB, at
 * most one video among them, every name on the allowed lists. `existing` are the kinds already attached.
 * Returns the first problem of each new file, or null for a file that may be added.
 */
export function checkAttachments(
  existing: readonly AttachmentKind[],
  files: readonly { name: string; size: number }[],
): (AttachmentProblem | null)[] {
  const kinds = [...existing];
  return files.map((file) => {
    const kind = attachmentKindOf(file.name);
    if (kind === null) return 'typeMismatch';
    if (file.size === 0) return 'fileEmpty';
    if (file.size >= LIMITS.attachmentBytesMax) return 'fileTooLarge';
    if (kinds.length >= LIMITS.attachmentsMax) return 'attachmentsTooMany';
    if (kind === 'video' && kinds.filter((existingKind) => existingKind === 'video').length >= LIMITS.videosMax) {
      return 'attachmentsTooManyVideos';
    }
    kinds.push(kind);
    return null;
  });
}
