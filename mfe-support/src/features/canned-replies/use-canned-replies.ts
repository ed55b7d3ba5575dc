import { useCallback, useEffect, useState } from 'react';
import { ApiError, ERROR_CODES, platformApi, type CannedReply, type Language } from 'shared-contracts';
import { supportErrorKey } from '../../lib/error-key.js';

export type CannedRepliesState =
  | { status: 'loading'; previous: CannedReply[] | null }
  | { status: 'ready'; replies: CannedReply[] }
  /** Not an agent's session (the API answers 4030 'agentsOnly'). */
  | { status: 'refused' }
  | { status: 'failed'; messageKey: string };

/**
 * The canned replies of `language` (null: every language) whose title holds `search`, by title. The list shown
 * stays while the next loads (`previous`), so a refresh after a change does not blank it.
 */
export function useCannedReplies(language: Language | null, search = ''): [CannedRepliesState, () => void] {
  const [state, setState] = useState<CannedRepliesState>({ status: 'loading', previous: null });
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setState((current) => ({ status: 'loading', previous: current.status === 'ready' ? current.replies : null }));
    platformApi()
      .call('cannedReplies', { query: { ...(language ? { language } : {}), ...(search ? { search } : {}) }, signal: controller.signal })
      .then(
        (replies) => !controller.signal.aborted && setState({ status: 'ready', replies }),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          if (error instanceof ApiError && error.code === ERROR_CODES.forbidden) setState({ status: 'refused' });
          else setState({ status: 'failed', messageKey: supportErrorKey(error, 'support:errors.loadFailed') });
        },
      );
    return () => controller.abort();
  }, [language, search, version]);
  return [state, useCallback(() => setVersion((value) => value + 1), [])];
}
