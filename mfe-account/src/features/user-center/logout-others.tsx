import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { platformApi } from 'shared-contracts';
import { useModalDialog } from 'shared-contracts/react';
import { FormMessage, formStyles } from '../../components/form.js';
import { useAction } from '../../lib/use-action.js';

/**
 * Log out of all other devices (security settings, ASVS 3.3.4): every other session of the account ends, this one
 * goes on. It cannot be undone, so the button asks first in a modal dialog whose first focus is Cancel; the dialog
 * stays open with the failure if the call fails (network: try again there), and closes on success, leaving the
 * outcome in the section's live region and the focus back on the button. A -600 logs the tab out as any call's does.
 */
export function LogoutOthers() {
  const { t } = useTranslation();
  const { pending, message, setMessage, run } = useAction('common:errors.submitFailed');
  const [asking, setAsking] = useState(false);
  const dialog = useModalDialog(asking);
  const opener = useRef<HTMLButtonElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);

  // Cancel is the safe first focus: Enter or Space right after opening must not end anything.
  useEffect(() => {
    if (asking) cancel.current?.focus();
  }, [asking]);

  const ask = () => {
    setMessage(null);
    setAsking(true);
  };

  const confirm = () =>
    run(async () => {
      const { ended } = await platformApi().call('logoutOthers', { body: {} });
      setAsking(false);
      setMessage(
        ended > 0
          ? { key: 'account:sessions.done', tone: 'success', values: { ended } }
          : { key: 'account:sessions.none', tone: 'success' },
      );
      return null;
    });

  return (
    <section className="surface-card" aria-labelledby="sessions-heading" data-testid="logout-others">
      <h3 id="sessions-heading">{t('account:sessions.title')}</h3>
      <p>{t('account:sessions.intro')}</p>
      <div className={formStyles.stack}>
        {asking ? null : <FormMessage message={message} />}
        <button ref={opener} type="button" className="button-secondary" onClick={ask} data-testid="logout-others-open">
          {t('account:sessions.submit')}
        </button>
      </div>
      <dialog
        ref={dialog}
        className="question-dialog"
        aria-labelledby="sessions-confirm-title"
        aria-describedby="sessions-confirm-body"
        onClose={() => {
          // Escape, Cancel or a success: the focus goes back to the button that opened it.
          setAsking(false);
          opener.current?.focus();
        }}
        data-testid="logout-others-dialog"
      >
        {asking ? (
          <>
            <h2 id="sessions-confirm-title">{t('account:sessions.confirmTitle')}</h2>
            <p id="sessions-confirm-body">{t('account:sessions.confirmBody')}</p>
            <FormMessage message={message} />
            <div className="question-dialog-answers">
              <button ref={cancel} type="button" className="button-secondary" onClick={() => setAsking(false)}>
                {t('account:sessions.cancel')}
              </button>
              <button
                type="button"
                className="button-danger"
                onClick={() => void confirm()}
                aria-disabled={pending}
                data-testid="logout-others-confirm"
              >
                {pending ? t('account:sessions.pending') : t('account:sessions.confirm')}
              </button>
            </div>
          </>
        ) : null}
      </dialog>
    </section>
  );
}
