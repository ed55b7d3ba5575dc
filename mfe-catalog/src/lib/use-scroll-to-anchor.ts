import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Scrolls to the element the address's hash names, when it is one of `anchors`, on arrival and whenever the hash
 * changes: the page renders after the browser's own scroll to the hash, so the browser cannot do it.
 */
export function useScrollToAnchor(anchors: readonly string[]): void {
  const { hash } = useLocation();
  useEffect(() => {
    const id = decodeURIComponent(hash.replace(/^#/, ''));
    if (!id || !anchors.includes(id)) return;
    document.getElementById(id)?.scrollIntoView({ block: 'start' });
  }, [hash, anchors]);
}
