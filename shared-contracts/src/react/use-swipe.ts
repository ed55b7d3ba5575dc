import { useRef, type PointerEvent } from 'react';

/** How far a finger must travel across, more than along, for a swipe: a tap's wobble or a scroll is not one. */
const SWIPE_MIN_PX = 40;

/**
 * A horizontal swipe of a finger or pen over an element: `onSwipe(-1)` when it went left, `onSwipe(1)` right, on the
 * screen (a right-to-left page turns them round itself). Spread the returned handlers on the element, which needs
 * `touch-action: pan-y`: the page (or the element's own scroller) still scrolls under a vertical swipe, and the
 * browser leaves the horizontal ones to it. A mouse drag is not a swipe: it selects text, and the element's buttons
 * are there for it. The banner carousel turns with it, and the side menu closes with a swipe toward its edge.
 */
export function useSwipe(onSwipe: (direction: -1 | 1) => void) {
  const start = useRef<{ id: number; x: number; y: number } | null>(null);
  return {
    onPointerDown: (event: PointerEvent) => {
      if (event.pointerType === 'mouse' || !event.isPrimary) return;
      start.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
    },
    onPointerUp: (event: PointerEvent) => {
      const from = start.current;
      start.current = null;
      if (from?.id !== event.pointerId) return;
      const across = event.clientX - from.x;
      if (Math.abs(across) >= SWIPE_MIN_PX && Math.abs(across) > Math.abs(event.clientY - from.y)) onSwipe(across < 0 ? -1 : 1);
    },
    // The browser took the gesture over (a scroll): it was not a swipe.
    onPointerCancel: () => {
      start.current = null;
    },
  };
}
