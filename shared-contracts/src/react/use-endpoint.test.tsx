// @vitest-environment happy-dom
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { useData, type DataState } from './use-endpoint.js';

// React's act() needs to know it runs in a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

/** A load the test settles by hand, recording every key it was asked for. */
function controlledLoads() {
  const asked: { key: string; resolve: (data: string) => void; reject: (error: unknown) => void; signal: AbortSignal; quiet: boolean }[] =
    [];
  const loadFor = (key: string) => (signal: AbortSignal, quiet: boolean) =>
    new Promise<string>((resolve, reject) => asked.push({ key, resolve, reject, signal, quiet }));
  return { asked, loadFor };
}

let seen: DataState<string>[] = [];
let retry: () => void = () => undefined;
let refreshQuietly: () => void = () => undefined;

function Reader({
  dataKey,
  load,
  carried,
}: {
  dataKey: string | null;
  load: (signal: AbortSignal, quiet: boolean) => Promise<string>;
  carried?: () => string | undefined;
}) {
  const [state, again, quietly] = useData(dataKey, load, carried);
  seen.push(state);
  retry = again;
  refreshQuietly = quietly;
  return null;
}

async function render(node: ReactNode): Promise<void> {
  if (!root) {
    document.body.innerHTML = '<div id="test-root"></div>';
    root = createRoot(document.getElementById('test-root')!);
  }
  await act(async () => root!.render(node));
}

const last = () => seen.at(-1);

describe('useData: a screen loading server data', () => {
  it('loads, shows the data, and after a failure loads again on retry', async () => {
    seen = [];
    const { asked, loadFor } = controlledLoads();
    await render(<Reader dataKey="games" load={loadFor('games')} />);
    expect(last()).toEqual({ status: 'loading' });
    const failure = new Error('offline');
    await act(async () => asked[0]!.reject(failure));
    expect(last()).toEqual({ status: 'failed', error: failure });

    await act(async () => retry());
    expect(last()).toEqual({ status: 'loading' });
    expect(asked).toHaveLength(2);
    await act(async () => asked[1]!.resolve('eight games'));
    expect(last()).toEqual({ status: 'ready', data: 'eight games' });
  });

  it('starts from the data the page carries and does not ask for it again', async () => {
    seen = [];
    const { asked, loadFor } = controlledLoads();
    await render(<Reader dataKey="games" load={loadFor('games')} carried={() => 'from the island'} />);
    expect(seen[0]).toEqual({ status: 'ready', data: 'from the island' });
    expect(last()).toEqual({ status: 'ready', data: 'from the island' });
    expect(asked).toHaveLength(0);
  });

  it('drops the answer for a key it has moved on from, and waits while the key is null', async () => {
    seen = [];
    const { asked, loadFor } = controlledLoads();
    await render(<Reader dataKey={null} load={loadFor('none')} />);
    expect(last()).toEqual({ status: 'idle' });
    expect(asked).toHaveLength(0);

    await render(<Reader dataKey="server 1" load={loadFor('server 1')} />);
    await render(<Reader dataKey="server 2" load={loadFor('server 2')} />);
    expect(asked.map((load) => load.key)).toEqual(['server 1', 'server 2']);
    expect(asked[0]!.signal.aborted).toBe(true);
    await act(async () => asked[0]!.resolve('regions of server 1'));
    expect(last()).toEqual({ status: 'loading' });
    await act(async () => asked[1]!.resolve('regions of server 2'));
    expect(last()).toEqual({ status: 'ready', data: 'regions of server 2' });
  });

  it("loads quietly only when refreshed quietly (a live update): the first load, a retry and a new key are the person's", async () => {
    seen = [];
    const { asked, loadFor } = controlledLoads();
    await render(<Reader dataKey="queue page 1" load={loadFor('queue page 1')} />);
    await act(async () => asked[0]!.resolve('page 1'));
    await act(async () => refreshQuietly());
    await act(async () => asked[1]!.resolve('page 1 again'));
    expect(last()).toEqual({ status: 'ready', data: 'page 1 again' });
    await act(async () => retry());
    await act(async () => asked[2]!.resolve('page 1 once more'));

    // A quiet refresh, then the person moves to another page before it answers: that page's load is theirs.
    await act(async () => refreshQuietly());
    await render(<Reader dataKey="queue page 2" load={loadFor('queue page 2')} />);
    expect(asked.map(({ key, quiet }) => [key, quiet])).toEqual([
      ['queue page 1', false],
      ['queue page 1', true],
      ['queue page 1', false],
      ['queue page 1', true],
      ['queue page 2', false],
    ]);
  });
});
