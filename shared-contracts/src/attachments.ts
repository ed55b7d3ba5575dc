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
 * Which files may go with one message (SPEC §5): a question or an agent's reply ("message") takes up to 3 allowed
 * files with at most one video among them; a player's "add information" ("supplement") takes up to 3 images, or one
 * video on its own, and no documents.
 */
export type AttachmentRule = 'message' | 'supplement';

const KINDS_OF_RULE: Record<AttachmentRule, readonly AttachmentKind[]> = {
  message: ATTACHMENT_KINDS,
  supplement: ['image', 'video'],
};

/** The `accept` attribute of a file picker for `rule`: every extension of the kinds it takes. */
export function attachmentAccept(rule: AttachmentRule): string {
  return attachmentExtensions(rule)
    .map((extension) => `.${extension}`)
    .join(',');
}

/** The extensions of the kinds `rule` takes. */
export function attachmentExtensions(rule: AttachmentRule): string[] {
  return KINDS_OF_RULE[rule].flatMap((kind) => ATTACHMENT_EXTENSIONS[kind]);
}

/** Why a message cannot have files of these kinds under `rule`, or null when it can: the API and the browser ask this. */
export function attachmentSetProblem(
  kinds: readonly AttachmentKind[],
  rule: AttachmentRule,
): 'attachmentsTooMany' | 'attachmentsTooManyVideos' | 'supplementImagesOrVideo' | null {
  if (kinds.length > LIMITS.attachmentsMax) return 'attachmentsTooMany';
  const videos = kinds.filter((kind) => kind === 'video').length;
  if (rule === 'supplement' && (kinds.some((kind) => !KINDS_OF_RULE.supplement.includes(kind)) || (videos > 0 && kinds.length > 1))) {
    return 'supplementImagesOrVideo';
  }
  if (videos > LIMITS.videosMax) return 'attachmentsTooManyVideos';
  return null;
}

/** Whether a file was refused for the files beside it (too many, too many videos), not for itself. */
export function isAttachmentSetProblem(problem: AttachmentProblem): problem is NonNullable<ReturnType<typeof attachmentSetProblem>> {
  return problem === 'attachmentsTooMany' || problem === 'attachmentsTooManyVideos' || problem === 'supplementImagesOrVideo';
}

/**
 * Why a file is refused, named as the server names the same refusal (the upload's `fileTooLarge`, `fileEmpty`,
 * `typeMismatch`; a message's `attachmentsTooMany`, `attachmentsTooManyVideos`, `supplementImagesOrVideo`), so one
 * message key serves both.
 */
export type AttachmentProblem = 'typeMismatch' | 'fileTooLarge' | 'fileEmpty' | NonNullable<ReturnType<typeof attachmentSetProblem>>;

/**
 * Why files cannot go with one message under `rule` (SPEC §5): each non-empty and under 20 MB, every name on the
 * allowed lists, and together what attachmentSetProblem allows. `existing` are the kinds already attached. Returns
 * the first problem of each new file, or null for a file that may be added.
 */
export function checkAttachments(
  existing: readonly AttachmentKind[],
  files: readonly { name: string; size: number }[],
  rule: AttachmentRule = 'message',
): (AttachmentProblem | null)[] {
  const kinds = [...existing];
  return files.map((file) => {
    const kind = attachmentKindOf(file.name);
    if (kind === null) return 'typeMismatch';
    if (file.size === 0) return 'fileEmpty';
    if (file.size >= LIMITS.attachmentBytesMax) return 'fileTooLarge';
    const problem = attachmentSetProblem([...kinds, kind], rule);
    if (problem) return problem;
    kinds.push(kind);
    return null;
  });
}
