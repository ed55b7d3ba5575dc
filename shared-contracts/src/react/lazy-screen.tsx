import { lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { ErrorBoundary } from './error-boundary.js';

/** A lazily loaded screen's code could not be fetched (a dropped connection, a deploy in between). */
export class ScreenLoadError extends Error {
  constructor(
    cause: unknown,
    /** Lets the screen load anew on its next render. */
    readonly forget: () => void,
  ) {
    super('A screen could not be loaded', { cause });
    this.name = 'ScreenLoadError';
  }
}

/**
 * React.lazy, except that a failed load can be tried again: React.lazy holds on to a rejected import for good, so
 * the screen could only come back with a page reload, losing what the player had typed elsewhere on the page. The
 * failure reaches ScreenLoadBoundary, whose retry forgets it and renders the screen again, which imports anew.
 */
export function lazyScreen<Props extends object>(load: () => Promise<ComponentType<Props>>): ComponentType<Props> {
  let current: LazyExoticComponent<ComponentType<Props>> | null = null;
  const attempt = () => {
    const screen = lazy(async () => {
      try {
        return { default: await load() };
      } catch (error) {
        throw new ScreenLoadError(error, () => {
          if (current === screen) current = null;
        });
      }
    });
    return screen;
  };
  function LazyScreen(props: Props) {
    current ??= attempt();
    const Screen = current;
    return <Screen {...props} />;
  }
  return LazyScreen;
}

/**
 * Shows `fallback` in place of its children when a lazyScreen inside failed to load; its retry renders them again,
 * which loads the screen anew. Any other error goes on to the boundary above (the remote's crash notice).
 */
export function ScreenLoadBoundary({ fallback, children }: { fallback: (retry: () => void) => ReactNode; children: ReactNode }) {
  return (
    <ErrorBoundary
      handles={(error) => error instanceof ScreenLoadError}
      onReset={(error) => (error as ScreenLoadError).forget()}
      fallback={(_error, retry) => fallback(retry)}
    >
      {children}
    </ErrorBoundary>
  );
}
