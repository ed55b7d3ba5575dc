import { fileTypeFromFile } from 'file-type';
import { fileExtension, type ATTACHMENT_EXTENSIONS } from 'shared-contracts';

type AllowedExtension = (typeof ATTACHMENT_EXTENSIONS)[keyof typeof ATTACHMENT_EXTENSIONS][number];

/** The type plain-text attachments are stored and served as (they have no magic bytes to detect). */
export const TEXT_CONTENT_TYPE = 'text/plain; charset=utf-8';

/**
 * For each extension SPEC §3 allows, what `file-type` may find in the content for the name to be telling the
 * truth (its `ext` answers). Ogg is a container for any of its codecs; `.doc` is an OLE compound file (CFB);
 * docx and xlsx are zips file-type recognises from their `[Content_Types].xml`, so a macro-enabled docm named
 * `.docx` is refused. `.txt` has no magic: it must be found as nothing and be UTF-8 text (see TextCheck).
 */
const DETECTED_AS: Record<AllowedExtension, readonly string[]> = {
  gif: ['gif'],
  jpg: ['jpg'],
  jpeg: ['jpg'],
  png: ['png', 'apng'],
  mp4: ['mp4', 'm4v'],
  webm: ['webm'],
  ogg: ['ogv', 'ogm', 'ogg', 'oga', 'ogx', 'opus', 'spx'],
  avi: ['avi'],
  zip: ['zip'],
  txt: [],
  doc: ['cfb'],
  docx: ['docx'],
  pdf: ['pdf'],
  xlsx: ['xlsx'],
};

/**
 * Every content type a stored attachment can have: what file-type answers for the detections above, and plain
 * text. None of them is active content a browser would run (no HTML, SVG, XML or script); downloads are served
 * only with one of these.
 */
export const SERVABLE_CONTENT_TYPES: ReadonlySet<string> = new Set([
  'image/gif',
  'image/jpeg',
  'image/png',
  'image/apng',
  'video/mp4',
  'video/x-m4v',
  'video/webm',
  'video/ogg',
  'audio/ogg',
  'audio/ogg; codecs=opus',
  'application/ogg',
  'video/vnd.avi',
  'application/zip',
  'application/x-cfb',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/pdf',
  TEXT_CONTENT_TYPE,
]);

function isAllowedExtension(extension: string): extension is AllowedExtension {
  return Object.hasOwn(DETECTED_AS, extension);
}

/**
 * Follows a text attachment as it streams by: valid UTF-8 (a sequence cut between two chunks is fine) and no NUL
 * byte, which no text file has and many scripts and binaries do.
 */
export class TextCheck {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  private valid = true;

  push(chunk: Uint8Array): void {
    if (!this.valid) return;
    if (chunk.includes(0)) {
      this.valid = false;
      return;
    }
    try {
      this.decoder.decode(chunk, { stream: true });
    } catch {
      this.valid = false;
    }
  }

  /** Whether everything pushed was UTF-8 text without NUL; call once, after the last chunk. */
  finish(): boolean {
    if (!this.valid) return false;
    try {
      this.decoder.decode();
      return true;
    } catch {
      return false;
    }
  }
}

/**
 * The content type of a received file, found from its bytes, when they are what its name claims; null when they
 * are not (a PNG named `.pdf`, HTML or SVG named `.png`, a Windows program named `.zip`) or the name has no
 * extension SPEC §3 allows.
 */
export async function detectContentType(path: string, name: string, isText: boolean): Promise<string | null> {
  const extension = fileExtension(name);
  if (!isAllowedExtension(extension)) return null;
  const detected = await fileTypeFromFile(path);
  if (extension === 'txt') return detected === undefined && isText ? TEXT_CONTENT_TYPE : null;
  if (detected === undefined || !DETECTED_AS[extension].includes(detected.ext)) return null;
  return SERVABLE_CONTENT_TYPES.has(detected.mime) ? detected.mime : null;
}
