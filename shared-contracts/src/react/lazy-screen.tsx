import { Component, lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';

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
export class ScreenLoadBoundary extends Component<{ fallback: (retry: () => void) => ReactNode; children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown): { error: unknown } {
    return { error };
  }

  #retry = () => {
    if (this.state.error instanceof ScreenLoadError) this.state.error.forget();
    this.setState({ error: null });
  };

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    // Rethrown from render, an error reaches the boundary above this one.
    if (!(error instanceof ScreenLoadError)) throw error;
    return this.props.fallback(this.#retry);
  }
}
