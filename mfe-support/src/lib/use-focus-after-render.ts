import { useCallback, useLayoutEffect, useState } from 'react';

/** What to focus, looked up once the render has reached the page. */
type Target = () => HTMLElement | null | undefined;

/**
 * Moves the focus once React has drawn what the same event changed. A form's submit sets its problems and asks for
 * the focus together, but what is to be focused exists only after that render: a field's message (the place of a
 * field whose control is hidden), and a control's aria-invalid and description, which a screen reader reads as the
 * focus lands. Focused in the event itself, the message was not there yet (nothing took the focus, and the page did
 * not scroll to the problem), or the field was announced without its problem. Every call asks again, even for the
 * same element (the same problem at the next submit).
 */
export function useFocusAfterRender(): (target: Target) => void {
  const [request, setRequest] = useState<{ target: Target } | null>(null);
  // Before the paint: the page scrolls to the focused element in the same frame that first shows the problems.
  useLayoutEffect(() => {
    request?.target()?.focus();
  }, [request]);
  return useCallback((target: Target) => setRequest({ target }), []);
}
