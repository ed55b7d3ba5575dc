import { describe, expect, it } from 'vitest';
import shareLoadYieldPlugin from './share-load-yield-plugin.js';

type BeforeLoadShareArgs = Parameters<NonNullable<ReturnType<typeof shareLoadYieldPlugin>['beforeLoadShare']>>[0];

describe('each shared module resolved in a task of its own (tooling/src/share-load-yield-plugin.ts)', () => {
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
});
