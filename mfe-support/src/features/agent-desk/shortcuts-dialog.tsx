import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/dialog.js';
import { DESK_SHORTCUTS } from '../../lib/use-desk-shortcuts.js';
import styles from './agent-desk.module.css';

/** The desk's keyboard shortcuts (`?`, or the button beside the desk's title), as a list of key and action. */
export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} title={t('support:agent.shortcuts.title')} testId="desk-shortcuts-dialog">
      <p>{t('support:agent.shortcuts.intro')}</p>
      <dl className={styles.shortcuts}>
        {DESK_SHORTCUTS.map(([action, key]) => (
          <div key={key}>
            <dt>
              <kbd>{key}</kbd>
            </dt>
            <dd>{t(`support:agent.shortcuts.${action}`)}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}
