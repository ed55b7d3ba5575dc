import { z } from 'zod';
import { INPUT_BOUNDS } from '../limits.js';
import { DESK_LIMITS, DESK_QUEUE_SCOPES } from './desk-constants.js';
import {
  agentInquiriesQuerySchema,
  agentInquiryDetailSchema,
  agentInquiryListSchema,
  agentInquirySummarySchema,
  requestIdSchema,
  showsAtLeast,
  withoutControlCharacters,
} from './ticket-schemas.js';

/**
 * The agents' desk as a helpdesk (issue 15): first-response and resolution times, who holds a ticket, and internal
 * notes players never see. Messages a schema sets are keys the browser translates (`support:errors.<key>`).
 */

/** An account or ticket id in a JSON body. */
const bodyIdSchema = z.number().int().positive().max(INPUT_BOUNDS.idMax);

/** An agent as the desk names them: the account id the calls take and the account name shown. */
export const deskAgentSchema = z.object({ accountId: z.number().int(), account: z.string() });
export type DeskAgent = z.infer<typeof deskAgentSchema>;

/** GET /agent/agents: every agent, by account name, and which of them the caller is. */
export const deskAgentsSchema = z.object({ agents: z.array(deskAgentSchema), selfAccountId: z.number().int() });

/**
 * What the desk shows of a ticket's handling: when an agent first replied and when the chat ended (null: not yet;
 * the times are measured from `createdAt`), and the agent who holds it (null: nobody).
 */
const handlingShape = {
  firstResponseAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  assignee: deskAgentSchema.nullable(),
};

/** GET /agent/inquiries: the queue's filters and the holder filter. */
export const deskQueueQuerySchema = agentInquiriesQuerySchema.extend({ assigned: z.enum(DESK_QUEUE_SCOPES).default('all') });

export const deskInquirySummarySchema = agentInquirySummarySchema.extend(handlingShape);
export type DeskInquirySummary = z.infer<typeof deskInquirySummarySchema>;
/** `total` counts at most DESK_LIMITS.queueCountMax matches (keywordCountMax with a keyword); `totalCapped` when more match. */
export const deskInquiryListSchema = agentInquiryListSchema.extend({ items: z.array(deskInquirySummarySchema), totalCapped: z.boolean() });

/** An internal note: what one agent told the others about a ticket. Never in a player's answer, event or mail. */
export const internalNoteSchema = z.object({
  id: z.number().int(),
  /** The agent who wrote it. */
  author: z.string(),
  content: z.string(),
  createdAt: z.string(),
});
export type InternalNote = z.infer<typeof internalNoteSchema>;

/** GET /agent/inquiries/detail: the conversation, its handling, and the internal notes, oldest first. */
export const deskInquiryDetailSchema = agentInquiryDetailSchema.extend({ ...handlingShape, notes: z.array(internalNoteSchema) });
export type DeskInquiryDetail = z.infer<typeof deskInquiryDetailSchema>;

/**
 * POST /agent/inquiries/assign: claim (the caller's own id), assign to another agent, or release (null). The
 * change is made only if the ticket is still held by `expectedAssigneeId` (null: nobody), the holder the caller
 * saw; otherwise 4090 `assignmentChanged` and nothing changes. Taking over from another agent is that agent's id
 * here, named on purpose.
 */
export const deskAssignBodySchema = z.strictObject({
  inquiryId: bodyIdSchema,
  assigneeId: bodyIdSchema.nullable(),
  expectedAssigneeId: bodyIdSchema.nullable(),
});
export type DeskAssignBody = z.input<typeof deskAssignBodySchema>;

export const deskAssignmentSchema = z.object({ assignee: deskAgentSchema.nullable(), assignedAt: z.string().nullable() });

/** POST /agent/inquiries/notes: a retry with the same requestId answers with the note it made first. */
export const deskNoteBodySchema = z.strictObject({
  inquiryId: bodyIdSchema,
  requestId: requestIdSchema,
  content: withoutControlCharacters(z.string('noteTooShort'), 'noteInvalid')
    .trim()
    .refine(showsAtLeast(1), 'noteTooShort')
    .max(DESK_LIMITS.noteMax, 'noteTooLong'),
});
export type DeskNoteBody = z.input<typeof deskNoteBodySchema>;
