import { useTranslation } from 'react-i18next';
import { FailedState } from 'shared-contracts/react';
import { supportMessageValues } from '../lib/error-key.js';

// Support's screens show the platform's states (shared-contracts/react) under the names they have always used.
export { LoadingState as Loading, EmptyState as NoData } from 'shared-contracts/react';

/** A failed read with its message (SPEC §8's network text when the network failed, see useCall) and a retry. */
export function Failed({ messageKey, retry }: { messageKey: string; retry: () => void }) {
  const { t, i18n } = useTranslation();
  return <FailedState message={t(messageKey, supportMessageValues(i18n.language))} retry={retry} />;
}

/** Where a screen's code failed to arrive (see lazyScreen): the message and a retry that loads it again. */
export function screenLoadFailed(retry: () => void) {
  return <Failed messageKey="common:remote.unavailable" retry={retry} />;
}
