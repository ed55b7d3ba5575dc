/** What single-spa adds to the popstate event it dispatches for a pushState or replaceState of the page. */
interface SingleSpaPopState extends PopStateEvent {
  singleSpa?: boolean;
}

/**
 * Whether a routing event came from the browser's own back or forward (a popstate single-spa did not dispatch), where
 * the browser puts back the scroll position it had.
 */
function isHistoryTraversal(event: Event): boolean {
  const original = (event as CustomEvent<{ originalEvent?: Event }>).detail?.originalEvent;
  return original?.type === 'popstate' && !(original as SingleSpaPopState).singleSpa;
}

/**
 * After an in-site navigation, puts the keyboard's focus at the start of the new view, where a page load would have
 * left a keyboard or screen-reader user: on the main region (`#app-region`, tabindex -1, also the skip link's
 * target), so the next Tab reaches the view's first control rather than the top of the document. The old view's
 * link went with it (the focus fell to the body), or it stayed on the nav or menu link followed.
 *
 * Only a new path counts (a query or hash change is the same view: a filter typed into, an anchor scrolled to), and
 * only once the player has clicked or pressed a key on this page: the first load and its redirects (such as
 * /SupportCenter to its first step) keep the browser's starting focus. A new view that took the focus itself (a
 * field with autofocus) keeps it. The page does not scroll for it, but a new page starts at its top.
 */
export function startNavigationFocus(): void {
  let path = window.location.pathname;
  let interacted = false;
  let focusedBefore: Element | null = null;
  let frame = 0;

  // What had the focus when the player last clicked or pressed a key: the link followed, as the navigation starts.
  const onInteraction = () => {
    interacted = true;
    focusedBefore = document.activeElement;
  };
  const onRouted = (event: Event) => {
    if (window.location.pathname === path) return;
    path = window.location.pathname;
    // A new page starts at its top, as a page load does: the old page's scroll position (a game chosen far down the
    // front page) left the new one scrolled to its end. Back and forward keep the browser's own; an anchor scrolls
    // to its section (the remotes).
    if (!isHistoryTraversal(event) && !window.location.hash) window.scrollTo(0, 0);
    if (!interacted) return;
    cancelAnimationFrame(frame);
    // A frame later the new view has committed what it renders at once, and any focus it placed itself.
    frame = requestAnimationFrame(() => {
      const main = document.getElementById('app-region');
      const active = document.activeElement;
      if (!main || (active && active !== document.body && active !== focusedBefore && main.contains(active))) return;
      main.focus({ preventScroll: true });
    });
  };

  window.addEventListener('click', onInteraction, true);
  window.addEventListener('keydown', onInteraction, true);
  window.addEventListener('single-spa:routing-event', onRouted);
}
