import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ApiError,
  DESK_ERRORS,
  DESK_LIMITS,
  ERROR_CODES,
  OPEN_TICKET_STATUSES,
  platformApi,
  type DeskInquiryDetail,
} from 'shared-contracts';
import { useSingleRequest } from 'shared-contracts/react';
import { HandlingSummary } from '../../components/handling-summary.js';
import { supportErrorKey, supportMessageValues } from '../../lib/error-key.js';
import { useCall } from '../../lib/use-call.js';
import fieldStyles from '../../components/form.module.css';
import layout from '../../components/layout.module.css';
import styles from './desk-handling.module.css';

/** What the last assignment did: a change (a status message), a refusal because the holder changed, or a failure. */
type Outcome =
  | { kind: 'changed'; messageKey: string; agent: string }
  | { kind: 'conflict'; holderSeen: number | null }
  | { kind: 'failed'; messageKey: string };

/**
 * Who holds the ticket on the desk (issue 15): the handling summary, claim, release and assign to another agent, and
 * the take-over a reply needs when another agent holds it. Every change names the holder the agent saw; when that is
 * no longer so, the API refuses, the ticket is read again (`onChanged`) and the agent is told who holds it now.
 * `replyBlocked` stands in for the reply while another agent holds the ticket; `claim` claims an open ticket nobody
 * holds (the desk's `c` shortcut), null otherwise.
 */
export function useDeskHandling(
  ticket: DeskInquiryDetail | null,
  onChanged: () => void,
): { panel: ReactNode; replyBlocked: ReactNode; claim: (() => void) | null } {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [agents] = useCall('deskAgents', 'agents', () => ({}));
  const { pending, run } = useSingleRequest();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [chosen, setChosen] = useState('');
  if (!ticket) return { panel: null, replyBlocked: null, claim: null };

  const known = agents.status === 'ready' ? agents.data : null;
  const selfAccountId = known?.selfAccountId ?? null;
  const holder = ticket.assignee;
  const open = OPEN_TICKET_STATUSES.includes(ticket.status);
  const heldByOther = holder !== null && selfAccountId !== null && holder.accountId !== selfAccountId;

  const assign = (assigneeId: number | null) =>
    run(async () => {
      const agent = known?.agents.find((candidate) => candidate.accountId === assigneeId)?.account ?? '';
      const messageKey =
        assigneeId === null
          ? 'support:helpdesk.released'
          : assigneeId === selfAccountId
            ? 'support:helpdesk.claimed'
            : 'support:helpdesk.assigned';
      try {
        await platformApi().call('agentInquiryAssign', {
          body: { inquiryId: ticket.id, assigneeId, expectedAssigneeId: holder?.accountId ?? null },
        });
        setOutcome({ kind: 'changed', messageKey, agent });
        setChosen('');
      } catch (error) {
        if (error instanceof ApiError && error.code === ERROR_CODES.conflict && error.message === DESK_ERRORS.assignmentChanged) {
          setOutcome({ kind: 'conflict', holderSeen: holder?.accountId ?? null });
        } else {
          setOutcome({ kind: 'failed', messageKey: supportErrorKey(error, 'common:errors.submitFailed') });
        }
      }
      onChanged();
    });

  // Named once the ticket has been read again and shows who holds it now; until then, the refusal alone.
  const conflictMessage = (seen: number | null) =>
    holder !== null && holder.accountId !== seen
      ? t('support:helpdesk.conflictHeld', { agent: holder.account })
      : t('support:errors.assignmentChanged');
  // The agent's own move: take a ticket no one holds, or give back the one they hold.
  const ownAction =
    holder === null
      ? { name: 'claim', assigneeId: selfAccountId }
      : holder.accountId === selfAccountId
        ? { name: 'release', assigneeId: null }
        : null;
  const others = known?.agents.filter((agent) => agent.accountId !== holder?.accountId) ?? [];

  const panel = (
    <section className={styles.handling} aria-label={t('support:helpdesk.handling')} data-testid="desk-handling">
      <HandlingSummary ticket={ticket} selfAccountId={selfAccountId} />
      {open && known ? (
        <div className={`${layout.row} ${styles.controls}`}>
          {ownAction ? (
            <button
              type="button"
              className={ownAction.name === 'claim' ? 'button-primary' : 'button-secondary'}
              aria-disabled={pending}
              onClick={() => void assign(ownAction.assigneeId)}
              data-testid={ownAction.name}
            >
              {t(`support:helpdesk.${ownAction.name}`)}
            </button>
          ) : null}
          <form
            className={`${layout.row} ${styles.assignTo}`}
            onSubmit={(event) => {
              event.preventDefault();
              if (chosen !== '') void assign(Number(chosen));
            }}
          >
            <label htmlFor={`${id}-agent`}>
              {t('support:helpdesk.assignTo')}
              <select
                id={`${id}-agent`}
                className={`input ${styles.agent}`}
                value={chosen}
                onChange={(event) => setChosen(event.target.value)}
                data-testid="assign-agent"
              >
                <option value="">—</option>
                {others.map((agent) => (
                  <option key={agent.accountId} value={agent.accountId}>
                    {agent.account}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" className="button-secondary" aria-disabled={pending || chosen === ''} data-testid="assign-submit">
              {t('support:helpdesk.assign')}
            </button>
          </form>
        </div>
      ) : null}
      <p className={fieldStyles.notice} role="status" data-testid="handling-notice">
        {outcome?.kind === 'changed' ? t(outcome.messageKey, { agent: outcome.agent }) : ''}
      </p>
      {outcome?.kind === 'conflict' || outcome?.kind === 'failed' ? (
        <p className={styles.conflict} role="alert" data-testid="handling-conflict">
          {outcome.kind === 'conflict'
            ? conflictMessage(outcome.holderSeen)
            : t(outcome.messageKey, { ...supportMessageValues(i18n.language), ...DESK_LIMITS })}
        </p>
      ) : null}
    </section>
  );
  const replyBlocked =
    heldByOther && holder ? (
      <div className={styles.heldByOther} data-testid="held-by-other">
        <p>{t('support:helpdesk.heldByOther', { agent: holder.account })}</p>
        <button
          type="button"
          className="button-primary"
          aria-disabled={pending}
          onClick={() => void assign(selfAccountId)}
          data-testid="take-over"
        >
          {t('support:helpdesk.takeOver')}
        </button>
      </div>
    ) : null;
  const claim = open && known && holder === null ? () => void assign(selfAccountId) : null;
  return { panel, replyBlocked, claim };
}
