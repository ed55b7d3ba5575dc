import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TIMINGS, emit, on, type PlatformEvents } from 'shared-contracts';
import styles from './notices.module.css';

type Toast = PlatformEvents['toast:show'] & { id: number };

/**
 * Shows `toast:show` messages for TIMINGS.toastMs (SPEC §8), and tells the player when their session expired or was
 * logged out in another tab.
 */
export function Toasts() {
  const { t } = useTranslation();
  const [toasts, setToasts] = useState<Toast[]>([]);

  useEffect(() => {
    let nextId = 0;
    const timers = new Set<number>();
    const stopToasts = on('toast:show', (toast) => {
      const id = ++nextId;
      setToasts((current) => [...current, { ...toast, id }]);
      const timer = window.setTimeout(() => {
        timers.delete(timer);
        setToasts((current) => current.filter((item) => item.id !== id));
      }, TIMINGS.toastMs);
      timers.add(timer);
    });
    const stopExpiry = on('session:expired', () => emit('toast:show', { message: t('shell:session.expired'), tone: 'error' }));
    const stopLogoutsElsewhere = on('session:changed', ({ reason }) => {
      if (reason === 'elsewhere') emit('toast:show', { message: t('shell:session.loggedOutElsewhere'), tone: 'info' });
    });
    return () => {
      stopToasts();
      stopExpiry();
      stopLogoutsElsewhere();
      for (const timer of timers) window.clearTimeout(timer);
    };
  }, [t]);

  return (
    <div className={styles.toasts} role="status" aria-live="polite" data-testid="toasts">
      {toasts.map((toast) => (
        <p key={toast.id} className={styles.toast} data-tone={toast.tone}>
          {toast.message}
        </p>
      ))}
    </div>
  );
}
