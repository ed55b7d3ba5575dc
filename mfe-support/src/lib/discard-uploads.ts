import { useEffect, useLayoutEffect, useRef } from 'react';
import { platformApi, type Attachment } from 'shared-contracts';

/**
 * Deletes uploads that no message will take (removed from the list, or the message was abandoned), so they stop
 * counting against the player's LIMITS.pendingUploadsMax places; settles once the server has answered them all.
 * Failures are silent: the server deletes unattached uploads itself after LIMITS.pendingUploadHours.
 */
export function discardUploads(attachments: readonly Pick<Attachment, 'fileId'>[]): Promise<void> {
  return Promise.all(
    attachments.map(({ fileId }) =>
      platformApi()
        .call('discardFile', { body: { fileId } })
        .catch(() => undefined),
    ),
  ).then(() => undefined);
}

/**
 * Discards what a message being written holds when its owner leaves the screen without sending it (another ticket
 * chosen, the conversation left). A sent message's draft is empty by then, so nothing sent is touched.
 */
export function useDiscardUploadsOnLeave(attachments: readonly Attachment[]): void {
  const latest = useRef(attachments);
  useLayoutEffect(() => {
    latest.current = attachments;
  }, [attachments]);
  useEffect(
    () => () => {
      void discardUploads(latest.current);
    },
    [],
  );
}
