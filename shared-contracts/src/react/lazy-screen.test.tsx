// @vitest-environment happy-dom
import { act, Component, Suspense, type ComponentType, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyScreen, ScreenLoadBoundary } from './lazy-screen.js';

// React's act() needs to know it runs in a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
const container = () => document.getElementById('test-root')!;

afterEach(() => {
  vi.restoreAllMocks();
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

class Outer extends Component<{ children: ReactNode }, { error: string | null }> {
  override state = { error: null as string | null };
  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
  override render() {
    return this.state.error ? <p data-testid="outer">{this.state.error}</p> : this.props.children;
  }
}

async function render(node: ReactNode): Promise<void> {
  document.body.innerHTML = '<div id="test-root"></div>';
  root = createRoot(container());
  await act(async () => root!.render(<Outer>{node}</Outer>));
}

function Greeting({ name }: { name: string }) {
  return <p data-testid="screen">{`Hello ${name}`}</p>;
}

const screenOf = (Screen: ComponentType<{ name: string }>) => (
  <ScreenLoadBoundary fallback={(retry) => <button onClick={retry}>Try again</button>}>
    <Suspense fallback={<p>Loading</p>}>
      <Screen name="player" />
    </Suspense>
  </ScreenLoadBoundary>
);

describe('lazyScreen and ScreenLoadBoundary: a screen loaded on demand', () => {
  it('shows the retry while its code fails to arrive, and the retry loads it again', async () => {
    let online = false;
    let attempts = 0;
    const Screen = lazyScreen(async () => {
      attempts += 1;
      if (!online) throw new Error('Loading chunk 218 failed');
      return Greeting;
    });
    await render(screenOf(Screen));
    expect(container().textContent).toBe('Try again');
    const failedAttempts = attempts;

    online = true;
    await act(async () => container().querySelector('button')!.click());
    expect(container().querySelector('[data-testid="screen"]')?.textContent).toBe('Hello player');
    expect(attempts).toBe(failedAttempts + 1);
  });

  it('loads once when it arrives, however often it renders', async () => {
    let attempts = 0;
    const Screen = lazyScreen(async () => {
      attempts += 1;
      return Greeting;
    });
    await render(
      <>
        {screenOf(Screen)}
        {screenOf(Screen)}
      </>,
    );
    expect(container().querySelectorAll('[data-testid="screen"]')).toHaveLength(2);
    expect(attempts).toBe(1);
  });

  it('leaves any other error to the boundary above (the crash notice)', async () => {
    // React reports the error it caught; the assertion is what the page shows.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Screen = lazyScreen<{ name: string }>(async () => () => {
      throw new Error('render failed');
    });
    await render(screenOf(Screen));
    expect(container().querySelector('[data-testid="outer"]')?.textContent).toBe('render failed');
  });
});
