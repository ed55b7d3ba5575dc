import { useTranslation } from 'react-i18next';
import { confirmAccountSwitch, declineAccountSwitch } from 'shared-contracts';
import { useModalDialog, usePendingAccountSwitch, useSession } from 'shared-contracts/react';

/**
 * A game client's link carried another account's token while this tab was logged in (README "In-game entry"): the
 * player chooses which account goes on, instead of the link taking over the session unasked (a link can come from
 * anyone). Escape and the backdrop keep the account logged in.
 */
export function AccountSwitchDialog() {
  const { t } = useTranslation();
  const offered = usePendingAccountSwitch();
  const { userName } = useSession();
  const dialog = useModalDialog(offered !== null);

  const current = userName ?? '';
  const other = offered?.userName ?? '';
  return (
    <dialog
      ref={dialog}
      className="question-dialog"
      aria-labelledby="account-switch-title"
      aria-describedby="account-switch-body"
      onClose={declineAccountSwitch}
      data-testid="account-switch"
    >
      {offered ? (
        <>
          <h2 id="account-switch-title">{t('shell:accountSwitch.title', { name: other })}</h2>
          <p id="account-switch-body">{t('shell:accountSwitch.body', { current, name: other })}</p>
          <div className="question-dialog-answers">
            <button type="button" className="button-secondary" onClick={declineAccountSwitch} data-testid="account-switch-stay" autoFocus>
              {t('shell:accountSwitch.stay', { current })}
            </button>
            <button type="button" className="button-primary" onClick={confirmAccountSwitch} data-testid="account-switch-confirm">
              {t('shell:accountSwitch.switch', { name: other })}
            </button>
          </div>
        </>
      ) : null}
    </dialog>
  );
}
