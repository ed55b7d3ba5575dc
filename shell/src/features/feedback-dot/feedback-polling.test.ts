// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, ERROR_CODES, TIMINGS, emit, login, logout } from 'shared-contracts';
import { NO_FEEDBACK, startFeedbackPolling, type Feedback } from './feedback-polling.js';

const player = { token: 'feedback-token', userName: 'player', type: 'PLATFORM' as const, role: 'player' as const };
const twoNew: Feedback = { count: 2, hasNew: true };

let visibility: DocumentVisibilityState = 'visible';
function setVisibility(state: DocumentVisibilityState): void {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
}

/** The network side of the poll: each call waits until the test answers it. */
function fakeFeedbackCalls() {
  const pending: { resolve: (feedback: Feedback) => void; reject: (error: Error) => void }[] = [];
  const load = vi.fn(
    (_quiet: boolean) =>
      new Promise<Feedback>((resolve, reject) => {
        pending.push({ resolve, reject });
      }),
  );
  const answer = async (feedback: Feedback) => {
    pending.shift()?.resolve(feedback);
    await vi.advanceTimersByTimeAsync(0);
  };
  const fail = async (error: Error = new Error('network down')) => {
    pending.shift()?.reject(error);
    await vi.advanceTimersByTimeAsync(0);
  };
  return { load, answer, fail };
}

let stop: (() => void) | undefined;

beforeEach(() => {
  vi.useFakeTimers();
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  visibility = 'visible';
  sessionStorage.clear();
  logout();
});

afterEach(() => {
  stop?.();
  stop = undefined;
  vi.useRealTimers();
});

/** Starts the poll on fake calls; `published` is every state of the dot it gave. */
function startPolling() {
  const calls = fakeFeedbackCalls();
  const published: Feedback[] = [];
  stop = startFeedbackPolling({ publish: (feedback) => published.push(feedback), load: calls.load });
  /** The poll has asked `asked` times; its last question is answered with `feedback`, which the dot then shows. */
  const answeredAndShown = async (asked: number, feedback: Feedback) => {
    expect(calls.load).toHaveBeenCalledTimes(asked);
    await calls.answer(feedback);
    expect(published.at(-1)).toEqual(feedback);
  };
  return { calls, published, answeredAndShown };
}

describe('feedback dot polling (SPEC §2)', () => {
  it('asks nothing and shows nothing while logged out, whatever happens', async () => {
    const { calls, published } = startPolling();
    emit('inquiry:updated', {});
    await vi.advanceTimersByTimeAsync(TIMINGS.feedbackPollMs * 3);
    expect(calls.load).not.toHaveBeenCalled();
    expect(published.every((feedback) => feedback === NO_FEEDBACK)).toBe(true);
  });

  it('asks at once when logged in, then every poll interval, and at once on an update event', async () => {
    login(player, { remember: false });
    const { calls, answeredAndShown } = startPolling();
    await answeredAndShown(1, twoNew);

    await vi.advanceTimersByTimeAsync(TIMINGS.feedbackPollMs - 1);
    expect(calls.load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await answeredAndShown(2, NO_FEEDBACK);

    emit('inquiry:updated', { inquiryId: 7 });
    await answeredAndShown(3, twoNew);
  });

  it('pauses while the tab is hidden and asks at once when it is visible again', async () => {
    login(player, { remember: false });
    const { calls } = startPolling();
    await calls.answer(NO_FEEDBACK);
    setVisibility('hidden');
    await vi.advanceTimersByTimeAsync(TIMINGS.feedbackPollMs * 5);
    expect(calls.load).toHaveBeenCalledTimes(1);
    // An update while hidden still asks once, without restarting the poll.
    emit('inquiry:updated', {});
    await calls.answer(NO_FEEDBACK);
    await vi.advanceTimersByTimeAsync(TIMINGS.feedbackPollMs * 5);
    expect(calls.load).toHaveBeenCalledTimes(2);

    setVisibility('visible');
    expect(calls.load).toHaveBeenCalledTimes(3);
    await calls.answer(NO_FEEDBACK);
    await vi.advanceTimersByTimeAsync(TIMINGS.feedbackPollMs);
    expect(calls.load).toHaveBeenCalledTimes(4);
  });

  it('keeps the last answer when a call fails, and keeps polling', async () => {
    login(player, { remember: false });
    const { calls, published } = startPolling();
    await calls.answer(twoNew);
    await vi.advanceTimersByTimeAsync(TIMINGS.feedbackPollMs);
    await calls.fail();
    expect(published).toEqual([twoNew]);
    await vi.advanceTimersByTimeAsync(TIMINGS.feedbackPollMs);
    expect(calls.load).toHaveBeenCalledTimes(3);
  });

  it("asks nothing of an agent's session, nor of a kept login whose role is not known yet, until a login as a player", async () => {
    login({ ...player, userName: 'agent', role: 'agent' }, { remember: false });
    const { calls, published, answeredAndShown } = startPolling();
    emit('inquiry:updated', {});
    await vi.advanceTimersByTimeAsync(TIMINGS.feedbackPollMs * 3);
    expect(calls.load).not.toHaveBeenCalled();
    expect(published.every((feedback) => feedback === NO_FEEDBACK)).toBe(true);

    login({ ...player, role: null }, { remember: false, reason: 'restored' });
    await vi.advanceTimersByTimeAsync(TIMINGS.feedbackPollMs);
    expect(calls.load).not.toHaveBeenCalled();
    login(player, { remember: false, reason: 'restored' });
    await answeredAndShown(1, twoNew);
  });

  it('stops asking a session the API refuses (a stored role gone stale) until the login changes', async () => {
    login({ ...player, userName: 'agent' }, { remember: false });
    const { calls, published, answeredAndShown } = startPolling();
    await calls.fail(new ApiError('business', ERROR_CODES.forbidden, 'playersOnly', 403));
    await vi.advanceTimersByTimeAsync(TIMINGS.feedbackPollMs * 3);
    emit('inquiry:updated', {});
    expect(calls.load).toHaveBeenCalledTimes(1);
    expect(published).toEqual([NO_FEEDBACK]);

    login(player, { remember: false });
    await vi.advanceTimersByTimeAsync(0);
    await answeredAndShown(2, twoNew);
  });

  it('clears the dot on logout, drops an answer that arrives after it, and asks again on the next login', async () => {
    login(player, { remember: false });
    const { calls, published, answeredAndShown } = startPolling();
    await calls.answer(twoNew);
    emit('inquiry:updated', {});
    logout();
    await calls.answer(twoNew);
    expect(published.at(-1)).toEqual(NO_FEEDBACK);
    await vi.advanceTimersByTimeAsync(TIMINGS.feedbackPollMs * 2);
    expect(calls.load).toHaveBeenCalledTimes(2);

    login(player, { remember: false });
    await answeredAndShown(3, twoNew);
  });

  it('stops asking when stopped, and ignores an answer still on its way', async () => {
    login(player, { remember: false });
    const { calls, published } = startPolling();
    stop?.();
    await calls.answer(twoNew);
    emit('inquiry:updated', {});
    await vi.advanceTimersByTimeAsync(TIMINGS.feedbackPollMs * 2);
    expect(calls.load).toHaveBeenCalledTimes(1);
    expect(published).toEqual([]);
  });

  it('asks at once on a live change, except of the conversation the player is reading, and polls on while the channel is down', async () => {
    login(player, { remember: false });
    const { calls, answeredAndShown } = startPolling();
    await calls.answer(NO_FEEDBACK);
    const change = { inquiryId: 7, kind: 'message', status: null, messageId: 3, author: 'agent', at: new Date().toISOString() } as const;

    emit('inquiry:live', change);
    await answeredAndShown(2, twoNew);

    // The screen reading ticket 7 marks it seen and then sends inquiry:updated; the dot waits for that.
    emit('inquiry:reading', { inquiryId: 7 });
    emit('inquiry:live', change);
    expect(calls.load).toHaveBeenCalledTimes(2);
    emit('inquiry:live', { ...change, inquiryId: 8 });
    expect(calls.load).toHaveBeenCalledTimes(3);
    await calls.answer(twoNew);

    // The channel going down changes nothing: the 60 s poll goes on as the fallback.
    emit('live:state', { state: 'down', resumed: false });
    await vi.advanceTimersByTimeAsync(TIMINGS.feedbackPollMs);
    expect(calls.load).toHaveBeenCalledTimes(4);
  });

  it("asks quietly when the player did not ask (the poll, a ticket's change), so an open page still idles out", async () => {
    login(player, { remember: false });
    const { calls } = startPolling();
    const quietness = () => calls.load.mock.calls.map(([quiet]) => quiet);
    await calls.answer(NO_FEEDBACK);
    await vi.advanceTimersByTimeAsync(TIMINGS.feedbackPollMs);
    await calls.answer(NO_FEEDBACK);
    emit('inquiry:live', { inquiryId: 7, kind: 'message', status: null, messageId: 3, author: 'agent', at: new Date().toISOString() });
    await calls.answer(NO_FEEDBACK);
    emit('inquiry:updated', { inquiryId: 7 });
    await calls.answer(NO_FEEDBACK);
    // The first call, as the page opened, and the following are quiet: the poll, the live change, the update.
    expect(quietness()).toEqual([false, true, true, true]);

    // The player coming back to the tab, or logging in, is the player's own doing.
    setVisibility('hidden');
    setVisibility('visible');
    await calls.answer(NO_FEEDBACK);
    login({ ...player, token: 'another-token' }, { remember: false });
    await vi.advanceTimersByTimeAsync(0);
    expect(quietness()).toEqual([false, true, true, true, false, false]);
  });
});
