import { INPUT_BOUNDS, fileExtension, withoutInvisibleCharacters } from 'shared-contracts';

/** Characters no common file system accepts in a name; the download's name must be usable as it is. */
const RESERVED = /[<>:"|?*]/g;
/** Used when nothing printable is left of the name. */
const FALLBACK_STEM = 'file';
/** Longer extensions are not kept whole when a name is shortened. */
const EXTENSION_KEPT_MAX = 16;

function codePoints(text: string): string[] {
  return [...text];
}

/**
 * The name an upload is kept, shown and downloaded under: only its last path segment (a browser may send
 * `C:\fakepath\x.png`, an attacker `../../etc/passwd.png`), NFC, without control, format or reserved characters,
 * whitespace runs collapsed, no leading dots (no hidden files) or trailing dots and spaces (Windows drops them),
 * at most INPUT_BOUNDS.fileNameMaxLength characters with its extension kept.
 */
export function cleanFileName(sent: string): string {
  const normalised = sent.normalize('NFC');
  const base = normalised.slice(Math.max(normalised.lastIndexOf('/'), normalised.lastIndexOf('\\')) + 1);
  // Control, format and separator characters: none belongs in a name shown to agents or offered on download, and
  // the bidi ones can make `evil‮gnp.exe` read as `evilexe.png`.
  const cleaned = withoutInvisibleCharacters(base)
    .replace(RESERVED, '_')
    .replace(/\s+/gu, ' ')
    .replace(/^[\s.]+/u, '')
    .replace(/[\s.]+$/u, '');
  const name = cleaned === '' ? FALLBACK_STEM : cleaned;
  const characters = codePoints(name);
  if (characters.length <= INPUT_BOUNDS.fileNameMaxLength) return name;
  // Kept as sent (case included); one that long is none of ours anyway, so it may be cut with the rest.
  const extension = fileExtension(name) === '' ? '' : name.slice(name.lastIndexOf('.') + 1);
  const suffix = extension !== '' && codePoints(extension).length <= EXTENSION_KEPT_MAX ? `.${extension}` : '';
  const stem = characters
    .slice(0, INPUT_BOUNDS.fileNameMaxLength - codePoints(suffix).length)
    .join('')
    .replace(/[\s.]+$/u, '');
  return `${stem === '' ? FALLBACK_STEM : stem}${suffix}`;
}
