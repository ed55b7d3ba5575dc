import { textDirection } from 'shared-contracts';
import { usePlatformContext } from 'shared-contracts/react';
import { leftToRightRuns } from '../lib/left-to-right-runs.js';

/**
 * An operator's text (a game's subtitle, a section of its details) in the page's language. In a right-to-left one each
 * left-to-right run in it ("iOS 14+", "Windows 10/11") is a piece of its own (`<bdi>`), so its signs stay where they
 * were typed; a left-to-right page shows the text as it is.
 */
export function BidiText({ text }: { text: string }) {
  const { language } = usePlatformContext();
  if (textDirection(language) !== 'rtl') return text;
  return leftToRightRuns(text).map((piece, index) =>
    piece.isolate ? (
      <bdi key={index} dir="ltr">
        {piece.text}
      </bdi>
    ) : (
      piece.text
    ),
  );
}
