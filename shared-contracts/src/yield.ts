/**
 * Ends the current task and continues in a new one, so the browser can handle input and paint in between: start-up
 * steps that each take a while then stay short tasks instead of one long one that blocks the page (issue 13).
 * `scheduler.yield()` resumes ahead of other queued work; elsewhere a zero timeout does the same job.
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
