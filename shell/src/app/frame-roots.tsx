import { startTransition, useLayoutEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { isFromGameFaqAtom, isLoggedInAtom, platformStore, releaseFirstView, yieldToBrowser } from 'shared-contracts';
import { bindReactI18n } from 'shared-contracts/react';
import { Frame, FrameFooter } from './frame.js';

/** Runs once React has committed the part's first render: the frame part is then live. */
function Committed({ onCommitted, children }: { onCommitted: () => void; children: ReactNode }) {
  useLayoutEffect(() => onCommitted(), [onCommitted]);
  return children;
}

function reportReplacedFrame(error: unknown): void {
  console.warn('The frame was rendered afresh instead of hydrated:', error instanceof Error ? error.message : error);
}

/**
 * Renders the frame's two roots, each taking over the part of the frame the page's HTML carries (README "First view
 * in the HTML"), each in a task of its own. The HTML shows the frame as a guest on the web sees it: for such a
 * visitor the roots hydrate it, keeping its elements; for a logged-in player or a game's web view, whose frame
 * differs, they render it afresh in its place. In a transition, React works in slices that yield to the browser: the
 * page is already painted, so this work must not hold up input.
 */
export async function renderFrame(): Promise<void> {
  bindReactI18n();
  const asInTheHtml = !platformStore.get(isLoggedInAtom) && !platformStore.get(isFromGameFaqAtom);
  for (const [id, Part] of [
    ['frame-top', Frame],
    ['frame-bottom', FrameFooter],
  ] as const) {
    await yieldToBrowser();
    const host = document.getElementById(id);
    if (!host) continue;
    const firstElement = host.firstElementChild;
    const committed = () => {
      if (!firstElement) return;
      const hydrated = host.contains(firstElement);
      host.dataset.firstView = hydrated ? 'hydrated' : 'replaced';
      if (hydrated) releaseFirstView(host);
    };
    const part = (
      <Committed onCommitted={committed}>
        <Part />
      </Committed>
    );
    startTransition(() => {
      if (asInTheHtml && firstElement) hydrateRoot(host, part, { onRecoverableError: reportReplacedFrame });
      else createRoot(host).render(part);
    });
  }
}
