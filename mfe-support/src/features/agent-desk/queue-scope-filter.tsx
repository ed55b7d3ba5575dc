import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DESK_QUEUE_SCOPES, type DeskQueueScope } from 'shared-contracts';
import { LabelledField } from 'shared-contracts/react';
import styles from './agent-desk.module.css';

/** The holder filter an address names (`?assigned=`), every ticket when it names none or an unknown one. */
export function queueScopeOf(value: string | null): DeskQueueScope {
  return DESK_QUEUE_SCOPES.find((scope) => scope === value) ?? 'all';
}

/** The queue's holder filter: every ticket, those no agent holds yet, or the agent's own. */
export function QueueScopeFilter({ value, onChange }: { value: DeskQueueScope; onChange: (scope: DeskQueueScope) => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <LabelledField controlId={id} label={t('support:helpdesk.assignedFilter')} className={styles.filter}>
      <select
        id={id}
        className="input"
        value={value}
        onChange={(event) => onChange(queueScopeOf(event.target.value))}
        data-testid="agent-assigned"
      >
        {DESK_QUEUE_SCOPES.map((scope) => (
          <option key={scope} value={scope}>
            {t(`support:helpdesk.scope.${scope}`)}
          </option>
        ))}
      </select>
    </LabelledField>
  );
}
