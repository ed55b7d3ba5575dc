/*
 * The shell's page starts its scripts with this one (StartupChunksPlugin): once the first view the HTML carries
 * has loaded and painted, instead of as the HTML is parsed (issue 13). The page is readable without its scripts,
 * and a phone on a slow network then spends its bandwidth on the first view's stylesheets and images, not on the
 * start-up's JavaScript that would otherwise download beside them and push the largest paint back. The scripts
 * are named by this tag's attributes (space-separated URLs):
 * - data-scripts: classic chunks that register shared modules, run in their order before the entry;
 * - data-module-scripts: the entry, an ES module;
 * - data-preloads: chunks fetched (low priority) but not run, for what the page loads next;
 * - data-start-at-once-with: query parameters with which the page starts at once, without waiting: a game client's
 *   session token, which the start-up takes out of the address bar before anything else.
 * A page whose `load` never comes (an image that hangs) starts anyway after START_AT_THE_LATEST_MS.
 */
(() => {
  const START_AT_THE_LATEST_MS = 3000;
  const own = document.currentScript;
  const urls = (name) => (own?.getAttribute(name) ?? '').split(' ').filter(Boolean);
  let started = false;

  // Inserting a script element starts its request, about a millisecond of the main thread each: the dozen of them
  // go in one task after another, so that their insertion is not one long task right after the page's paint.
  const nextTask = () => (globalThis.scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0)));

  async function start() {
    if (started) return;
    started = true;
    for (const href of urls('data-preloads')) {
      const link = document.createElement('link');
      link.rel = 'preload';
      link.as = 'script';
      link.href = href;
      link.fetchPriority = 'low';
      document.head.append(link);
    }
    const add = (src, type) => {
      const script = document.createElement('script');
      if (type) script.type = type;
      script.src = src;
      // Inserted scripts run as they arrive unless async is off: then they run in insertion order, so every
      // shared chunk is registered before the entry's federation runtime looks for it.
      script.async = false;
      script.fetchPriority = 'low';
      document.head.append(script);
    };
    for (const src of urls('data-scripts')) {
      await nextTask();
      add(src);
    }
    for (const src of urls('data-module-scripts')) {
      await nextTask();
      add(src, 'module');
    }
  }

  // The browser's first contentful paint, once it has been shown (its paint timing entry comes after the frame is
  // presented, which on a busy phone can be frames after the page's `load`). Where paint timing is missing: at once.
  const firstPaintShown = () =>
    new Promise((resolve) => {
      if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) return resolve();
      new PerformanceObserver((list, observer) => {
        if (list.getEntriesByName('first-contentful-paint').length === 0) return;
        observer.disconnect();
        resolve();
      }).observe({ type: 'paint', buffered: true });
    });

  // `load` comes when the images have arrived; an image decoded off the main thread (decoding="async") paints a
  // frame or more later. So: once the first paint has been shown and every loaded image is decoded, after the next
  // frame has been painted (the callback of the frame after it), in a task of its own.
  const afterFirstViewPainted = () => {
    const decoded = [...document.images]
      .filter((image) => image.complete && image.naturalWidth > 0)
      .map((image) => image.decode().catch(() => undefined));
    void Promise.all([firstPaintShown(), ...decoded]).then(() =>
      requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(start, 0))),
    );
  };
  const query = new URLSearchParams(location.search);
  if (urls('data-start-at-once-with').some((name) => query.has(name))) void start();
  else if (document.readyState === 'complete') afterFirstViewPainted();
  else addEventListener('load', afterFirstViewPainted, { once: true });
  setTimeout(start, START_AT_THE_LATEST_MS);
})();
