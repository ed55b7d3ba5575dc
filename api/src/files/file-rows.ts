import { LIMITS, type Attachment, type AttachmentKind } from 'shared-contracts';

/** The oldest creation time of an upload still waiting to be attached; older ones have expired. */
export function pendingUploadCutoff(now: Date): Date {
  return new Date(now.getTime() - LIMITS.pendingUploadHours * 60 * 60 * 1000);
}

/** The columns of a stored `files` row an attachment is described from (SQL: `id, name, size, kind, content_type`). */
export interface AttachmentRow {
  id: string;
  name: string;
  size: number;
  kind: AttachmentKind;
  content_type: string;
}

/** A stored file as the API describes it to players and agents. */
export function toAttachment(row: AttachmentRow): Attachment {
  return { fileId: row.id, name: row.name, size: row.size, kind: row.kind, contentType: row.content_type };
}
