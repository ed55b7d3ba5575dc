import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './dialog.module.css';

/**
 * A modal dialog on the native `<dialog>`: `showModal()` makes the rest of the page inert (focus stays inside) and
 * Escape closes it; on closing, focus goes back to what opened it. Focus starts on the element marked
 * `data-autofocus`, else on the first control. The content mounts only while it is open, so each opening starts
 * fresh.
 */
export function Dialog(props: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  testId?: string;
  /** Where focus goes when what opened the dialog is gone (the chat ended while it was open). */
  fallbackFocus?: () => HTMLElement | null;
}) {
  const { t } = useTranslation();
  const { open, onClose } = props;
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);

  // The close event comes later, from a queued task: by then the owner may have moved on to another dialog, and
  // only a close the owner did not ask for (Escape) is news to it.
  const wanted = useRef(open);
  useEffect(() => {
    wanted.current = open;
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      opener.current = document.activeElement;
      element.showModal();
      // React's autoFocus runs before the dialog is shown, so the content marks its first field instead.
      element.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={titleId}
      data-testid={props.testId}
      onClose={() => {
        if (wanted.current) onClose();
        const target = opener.current;
        opener.current = null;
        if (target instanceof HTMLElement && target.isConnected && target !== document.body) target.focus();
        else props.fallbackFocus?.()?.focus();
      }}
    >
      {open ? (
        <>
          <header className={styles.header}>
            <h2 id={titleId}>{props.title}</h2>
            <button type="button" className={styles.close} onClick={onClose} aria-label={t('support:conversation.close')}>
              <span aria-hidden="true">×</span>
            </button>
          </header>
          {props.children}
        </>
      ) : null}
    </dialog>
  );
}
