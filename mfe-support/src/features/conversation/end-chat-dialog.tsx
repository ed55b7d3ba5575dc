import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { platformApi, type TicketStatus } from 'shared-contracts';
import { useSingleRequest } from 'shared-contracts/react';
import { supportErrorKey } from '../../lib/error-key.js';
import fieldStyles from '../../components/form.module.css';
import { Problem } from '../../components/problem.js';
import { Dialog } from '../../components/dialog.js';

/** Asks before ending a chat (nothing can be added afterwards), then ends it as the player or as an agent. */
export function EndChatDialog(props: {
  open: boolean;
  onClose: () => void;
  endpoint: 'inquiryEnd' | 'agentInquiryEnd';
  inquiryId: number;
  body: string;
  onEnded: (status: TicketStatus) => void;
}) {
  const { t } = useTranslation();
  const { pending, run } = useSingleRequest();
  const [failure, setFailure] = useState<string | null>(null);

  const end = () =>
    run(async () => {
      setFailure(null);
      try {
        const { status } = await platformApi().call(props.endpoint, { body: { inquiryId: props.inquiryId } });
        props.onEnded(status);
      } catch (error) {
        setFailure(supportErrorKey(error, 'common:errors.submitFailed'));
      }
    });

  return (
    <Dialog
      open={props.open}
      onClose={() => {
        setFailure(null);
        props.onClose();
      }}
      title={t('support:conversation.endTitle')}
      testId="end-chat-dialog"
    >
      <p>{props.body}</p>
      <Problem messageKey={failure} />
      <div className={fieldStyles.actions}>
        <button type="button" className="button-danger" onClick={() => void end()} aria-disabled={pending} data-testid="end-chat-confirm">
          {pending ? t('support:conversation.ending') : t('support:conversation.endConfirm')}
        </button>
        <button type="button" className="button-secondary" onClick={props.onClose} data-autofocus>
          {t('support:conversation.cancel')}
        </button>
      </div>
    </Dialog>
  );
}
