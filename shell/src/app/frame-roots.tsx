import { createElement, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { yieldToBrowser } from 'shared-contracts';
import { bindReactI18n } from 'shared-contracts/react';
import { Frame, FrameFooter } from './frame.js';

/**
 * Renders the frame's two roots, each replacing the part of the frame the page's HTML carries (README "First view in
 * the HTML"), each in a task of its own. In a transition, React renders in slices that yield to the browser: the
 * page is already painted, so this work must not hold up input.
 */
export async function renderFrame(): Promise<void> {
  bindReactI18n();
  for (const [id, component] of [['frame-top', Frame], ['frame-bottom', FrameFooter]] as const) {
    await yieldToBrowser();
    const host = document.getElementById(id);
    if (host) startTransition(() => createRoot(host).render(createElement(component)));
  }
}
