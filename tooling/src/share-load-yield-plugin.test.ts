import { describe, expect, it } from 'vitest';
import shareLoadYieldPlugin from './share-load-yield-plugin.js';

type Plugin = ReturnType<typeof shareLoadYieldPlugin>;
type BeforeLoadShareArgs = Parameters<NonNullable<Plugin['beforeLoadShare']>>[0];
type BeforeInitContainerArgs = Parameters<NonNullable<Plugin['beforeInitContainer']>>[0];

describe('each shared module resolved, and each remote container set up, in a task of its own (tooling/src/share-load-yield-plugin.ts)', () => {
  it('hands the load on unchanged, after the tasks already queued have run', async () => {
    const plugin = shareLoadYieldPlugin();
    const order: string[] = [];
    setTimeout(() => order.push('a task queued before'), 0);
    const args = { pkgName: 'react', shareInfo: undefined, shared: {}, origin: {} } as unknown as BeforeLoadShareArgs;
    const handedOn = await plugin.beforeLoadShare!(args);
    order.push('the share load goes on');
    expect(handedOn).toBe(args);
    expect(order).toEqual(['a task queued before', 'the share load goes on']);
  });

  it("sets a remote's container up after the tasks already queued, not in the task that ran the remote's entry", async () => {
    const plugin = shareLoadYieldPlugin();
    const order: string[] = [];
    setTimeout(() => order.push('a task queued before'), 0);
    const args = {
      shareScope: {},
      initScope: [],
      remoteEntryInitOptions: {},
      remoteInfo: {},
      origin: {},
    } as unknown as BeforeInitContainerArgs;
    const handedOn = await plugin.beforeInitContainer!(args);
    order.push('the container is set up');
    expect(handedOn).toBe(args);
    expect(order).toEqual(['a task queued before', 'the container is set up']);
  });
});
