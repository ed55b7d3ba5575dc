import { useTranslation } from 'react-i18next';
import type { DeskInquirySummary } from 'shared-contracts';
import { formatElapsed } from '../lib/format-duration.js';
import styles from './handling-summary.module.css';

type Handling = Pick<DeskInquirySummary, 'createdAt' | 'firstResponseAt' | 'endedAt' | 'assignee'>;

/**
 * How a ticket is being handled, as the desk shows it in the queue and on the open ticket: who holds it, and its
 * first-response and resolution times (from when it was opened to an agent's first reply and to its end), in the
 * page language. `selfAccountId`: the agent reading, who is told "you" where they hold it.
 */
export function HandlingSummary({ ticket, selfAccountId = null }: { ticket: Handling; selfAccountId?: number | null }) {
  const { t, i18n } = useTranslation();
  const firstResponse = formatElapsed(ticket.createdAt, ticket.firstResponseAt, i18n.language);
  const resolution = formatElapsed(ticket.createdAt, ticket.endedAt, i18n.language);
  const holder =
    ticket.assignee === null
      ? t('support:helpdesk.unassigned')
      : ticket.assignee.accountId === selfAccountId
        ? t('support:helpdesk.heldByYou')
        : t('support:helpdesk.heldBy', { agent: ticket.assignee.account });
  return (
    <span className={styles.handling} data-testid="handling-summary">
      <span className={styles.holder} data-testid="handling-holder" data-assignee={ticket.assignee?.account ?? ''}>
        {holder}
      </span>
      <span data-testid="first-response">
        {firstResponse === null ? t('support:helpdesk.noResponseYet') : t('support:helpdesk.firstResponseIn', { duration: firstResponse })}
      </span>
      <span data-testid="resolution">
        {resolution === null ? t('support:helpdesk.notResolvedYet') : t('support:helpdesk.resolvedIn', { duration: resolution })}
      </span>
    </span>
  );
}
