import { useEffect, useRef } from 'react';

/**
 * Shows a native `<dialog>` as a modal while `open` is true: `showModal()` makes the rest of the page inert (focus
 * stays inside) and Escape closes it, firing its `close` event, which the owner turns into `open` false.
 */
export function useModalDialog(open: boolean) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return dialog;
}
