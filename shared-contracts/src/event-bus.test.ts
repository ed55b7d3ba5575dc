import { describe, expect, it, vi } from 'vitest';
import { emit, on } from './event-bus.js';

describe('event bus', () => {
  it('delivers typed payloads and stops after unsubscribe', () => {
    const received: number[] = [];
    const stop = on('inquiry:updated', ({ inquiryId }) => received.push(inquiryId ?? -1));
    emit('inquiry:updated', { inquiryId: 7 });
    stop();
    emit('inquiry:updated', { inquiryId: 8 });
    expect(received).toEqual([7]);
  });

  it('shares one target per window, so a second copy of the module reaches the same listeners', async () => {
    const received: string[] = [];
    const stop = on('toast:show', ({ message }) => received.push(message));
    vi.resetModules();
    const copy = await import('./event-bus.js');
    expect(copy.emit).not.toBe(emit);
    copy.emit('toast:show', { message: 'hello', tone: 'info' });
    stop();
    expect(received).toEqual(['hello']);
  });
});
