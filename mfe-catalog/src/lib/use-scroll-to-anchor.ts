import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Scrolls to the element the address's hash names, when it is one of `anchors`, on arrival and whenever the hash
 * changes: the page renders after the browser's own scroll to the hash, so the browser cannot do it. The focus goes
 * there too, as a browser's own anchor link takes it: the side menu's "All games" leaves a keyboard user at the grid,
 * whose games the next Tab reaches, not back at the top of the page.
 */
export function useScrollToAnchor(anchors: readonly string[]): void {
  const { hash } = useLocation();
  useEffect(() => {
    const id = decodeURIComponent(hash.replace(/^#/, ''));
    if (!id || !anchors.includes(id)) return;
    const target = document.getElementById(id);
    if (!target) return;
    target.scrollIntoView({ block: 'start' });
    // A section is not focusable of itself; -1 keeps it out of the Tab order.
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: true });
  }, [hash, anchors]);
}
