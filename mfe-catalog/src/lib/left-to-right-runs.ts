/** A piece of a text: `isolate` marks a left-to-right run to show as one piece in a right-to-left line. */
export interface TextPiece {
  text: string;
  isolate: boolean;
}

/** Stretches without a character of a right-to-left script (Hebrew, Arabic and its supplements, Syriac, Thaana, N'Ko...). */
const WITHOUT_RTL = /[^\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]+/gu;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const LETTER = /\p{L}/u;
/** What ends a sentence or a clause, or is space: the right-to-left line's, not the run's. */
const TRAILING = /[\s.,;:!?…]/u;
const PAIRS: Record<string, string> = { ')': '(', ']': '[', '}': '{' };

function count(text: string, character: string): number {
  return text.split(character).length - 1;
}

/** The run inside a stretch: from its first letter or digit to its end, less the sentence's punctuation and brackets it did not open. */
function runOf(stretch: string): { start: number; end: number } | null {
  const first = stretch.search(LETTER_OR_DIGIT);
  if (first < 0) return null;
  let start = first;
  let end = stretch.length;
  for (;;) {
    const last = stretch[end - 1] ?? '';
    const opener = PAIRS[last];
    const core = stretch.slice(start, end);
    if (TRAILING.test(last)) end -= 1;
    else if (opener && count(core, opener) < count(core, last)) {
      // Opened just before the run ("(Windows 10/11)"): both brackets are the run's; else the closing one is the line's.
      if (stretch[start - 1] === opener) start -= 1;
      else end -= 1;
    } else break;
  }
  return LETTER.test(stretch.slice(start, end)) ? { start, end } : null;
}

/**
 * A right-to-left text cut so that each run of another script in it can be isolated (`<bdi>`): in an Arabic line,
 * "iOS 14+." otherwise showed as "+.iOS 14" at the far end, the Unicode algorithm giving the "+" and the full stop
 * after a number to the Arabic around them. A run goes from a letter or digit to the last character before the next
 * right-to-left one, less the line's own punctuation and spaces at its end; numbers alone are left to the algorithm,
 * which places them right. Works on any operator's text, which needs no direction marks typed into it.
 */
export function leftToRightRuns(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let done = 0;
  const plain = (until: number) => {
    if (until > done) pieces.push({ text: text.slice(done, until), isolate: false });
    done = until;
  };
  for (const match of text.matchAll(WITHOUT_RTL)) {
    const run = runOf(match[0]);
    if (!run) continue;
    plain(match.index + run.start);
    pieces.push({ text: text.slice(match.index + run.start, match.index + run.end), isolate: true });
    done = match.index + run.end;
  }
  plain(text.length);
  return pieces;
}
