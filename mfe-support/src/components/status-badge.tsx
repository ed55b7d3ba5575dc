import type { ReactNode } from 'react';
import styles from './status-badge.module.css';

/**
 * How a status stands out: `attention` on the primary colour (the one reading has something to read or to do),
 * `done` greyed (the chat is over), `neutral` otherwise.
 */
export type StatusTone = 'neutral' | 'attention' | 'done';

/**
 * A ticket's status as a pill, alike in the player's history, the conversation and the desk's queue. `small` for a
 * dense list; `className` places it in its parent's layout.
 */
export function StatusBadge(props: { tone: StatusTone; small?: boolean; className?: string; testId?: string; children: ReactNode }) {
  return (
    <span
      className={props.className ? `${styles.badge} ${props.className}` : styles.badge}
      data-tone={props.tone}
      data-size={props.small ? 'small' : undefined}
      data-testid={props.testId}
    >
      {props.children}
    </span>
  );
}
