import { atom, createStore, useAtomValue } from 'jotai';
import { useSession } from 'shared-contracts/react';
import { NO_FEEDBACK, startFeedbackPolling, type Feedback } from './feedback-polling.js';

/** The shell's own store: the dot is the frame's business, not part of the platform session remotes read. */
const shellStore = createStore();

const feedbackAtom = atom<Feedback>(NO_FEEDBACK);
// One poll however many dots are on screen: jotai mounts the atom with its first reader and unmounts it with its last.
feedbackAtom.onMount = (set) =>
  startFeedbackPolling({
    publish: (next) => set((previous) => (previous.hasNew === next.hasNew && previous.count === next.count ? previous : next)),
  });

/** Whether the player has replies not seen yet; never while logged out. */
export function useFeedback(): Feedback {
  const { loggedIn } = useSession();
  const feedback = useAtomValue(feedbackAtom, { store: shellStore });
  return loggedIn ? feedback : NO_FEEDBACK;
}
