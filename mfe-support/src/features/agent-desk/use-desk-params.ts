import { useSearchParams } from 'react-router';
import { idSchema, ticketStatusSchema } from 'shared-contracts/schemas';
import { queueScopeOf } from './queue-scope-filter.js';

type ParamChanges = Record<string, string | null>;

function withChanges(params: URLSearchParams, changes: ParamChanges) {
  const next = new URLSearchParams(params);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null || value === '') next.delete(name);
    else next.set(name, value);
  }
  return next;
}

/** The desk's state lives in the address (filters, page, open ticket), so it survives a reload and can be shared. */
export function useDeskParams() {
  const [params, setParams] = useSearchParams();
  const status = ticketStatusSchema.safeParse(params.get('status'));
  const gameId = idSchema.safeParse(params.get('gameId'));
  const page = idSchema.safeParse(params.get('page'));
  const inquiryId = idSchema.safeParse(params.get('inquiryId'));
  /** Changes some values; a changed filter starts again from the first page. */
  const update = (changes: ParamChanges, options: { replace?: boolean } = {}) => {
    setParams(
      (current) => {
        const next = withChanges(current, changes);
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: options.replace ?? false },
    );
  };
  return {
    status: status.success ? status.data : null,
    gameId: gameId.success ? gameId.data : null,
    keyword: params.get('keyword') ?? '',
    page: page.success ? page.data : 1,
    inquiryId: inquiryId.success ? inquiryId.data : null,
    assigned: queueScopeOf(params.get('assigned')),
    update,
    /** The address of the desk with some values changed, keeping the page. */
    linkTo: (changes: ParamChanges) => `?${withChanges(params, changes).toString()}`,
  };
}

export type DeskParams = ReturnType<typeof useDeskParams>;
