import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { endpoint } from './endpoint.js';
import { ENDPOINT_ROUTES } from './endpoint-routes.js';
import { deskInquiryDetailSchema, deskInquiryListSchema, deskQueueQuerySchema } from './desk-schemas.js';
import { commonQuerySchema } from './schemas.js';
import {
  feedbackSchema,
  fileDiscardBodySchema,
  fileDownloadQuerySchema,
  inquiryClientQuerySchema,
  inquiryCreateBodySchema,
  inquiryCreatedSchema,
  inquiryDetailSchema,
  inquiryEndedSchema,
  inquiryIdBodySchema,
  inquiryIdQuerySchema,
  inquiryMessageSchema,
  inquiryReplyBodySchema,
  inquiryScoreBodySchema,
  inquirySummarySchema,
  unresolvedSchema,
  uploadedFileSchema,
} from './ticket-schemas.js';

/**
 * The calls of tickets and their attachments, the players' and the agents' (SPEC §5, §7), with their schemas;
 * ENDPOINTS spreads them in.
 */
export const TICKET_ENDPOINTS = {
  uploadFile: endpoint({
    ...ENDPOINT_ROUTES.uploadFile,
    query: commonQuerySchema,
    body: undefined,
    response: uploadedFileSchema,
    summary: 'Uploads one attachment (multipart field "file"); its type is checked by content. Attach it within a day.',
  }),
  downloadFile: endpoint({
    ...ENDPOINT_ROUTES.downloadFile,
    query: fileDownloadQuerySchema,
    body: undefined,
    response: z.unknown(),
    summary: "An attachment's bytes, as a download; only for its ticket's owner and agents.",
  }),
  discardFile: endpoint({
    ...ENDPOINT_ROUTES.discardFile,
    query: commonQuerySchema,
    body: fileDiscardBodySchema,
    response: z.null(),
    summary: "Deletes one of the caller's own uploads not attached yet (removed from a form); anything else is 4040.",
  }),
  createInquiry: endpoint({
    ...ENDPOINT_ROUTES.createInquiry,
    query: commonQuerySchema,
    body: inquiryCreateBodySchema,
    response: inquiryCreatedSchema,
    summary: 'Opens a ticket; the same requestId again answers with the same ticket instead of a second one.',
  }),
  inquiryList: endpoint({
    ...ENDPOINT_ROUTES.inquiryList,
    query: inquiryClientQuerySchema,
    body: undefined,
    response: z.array(inquirySummarySchema),
    summary: `The player's tickets, newest first: at most the ${LIMITS.inquiryListMax} newest.`,
  }),
  inquiryDetail: endpoint({
    ...ENDPOINT_ROUTES.inquiryDetail,
    query: inquiryIdQuerySchema,
    body: undefined,
    response: inquiryDetailSchema,
    summary: `One of the player's tickets with its conversation (at most ${LIMITS.ticketMessagesMax} messages); reading it clears its feedback dot.`,
  }),
  inquiryReply: endpoint({
    ...ENDPOINT_ROUTES.inquiryReply,
    query: commonQuerySchema,
    body: inquiryReplyBodySchema,
    response: inquiryMessageSchema,
    summary: 'Adds information to an open ticket; the same requestId again answers with the same message.',
  }),
  inquiryFeedback: endpoint({
    ...ENDPOINT_ROUTES.inquiryFeedback,
    query: inquiryClientQuerySchema,
    body: undefined,
    response: feedbackSchema,
    summary: 'Whether the player has replies (or auto-ended chats) not seen yet: the feedback dot.',
  }),
  inquiryScore: endpoint({
    ...ENDPOINT_ROUTES.inquiryScore,
    query: commonQuerySchema,
    body: inquiryScoreBodySchema,
    response: z.null(),
    summary: 'Rates an ended chat 1 to 5, with reasons on a low score; once per ticket.',
  }),
  inquiryEnd: endpoint({
    ...ENDPOINT_ROUTES.inquiryEnd,
    query: commonQuerySchema,
    body: inquiryIdBodySchema,
    response: inquiryEndedSchema,
    summary: 'Ends an open chat; it then waits for a rating. Ending an ended chat changes nothing.',
  }),
  inquiryUnresolved: endpoint({
    ...ENDPOINT_ROUTES.inquiryUnresolved,
    query: inquiryClientQuerySchema,
    body: undefined,
    response: unresolvedSchema,
    summary: "The player's ongoing ticket, if any, and how long the agents' queue is.",
  }),
  agentInquiries: endpoint({
    ...ENDPOINT_ROUTES.agentInquiries,
    query: deskQueueQuerySchema,
    body: undefined,
    response: deskInquiryListSchema,
    summary: 'Agents: every ticket, oldest waiting first, filtered by status, game, text and holder (unassigned, mine).',
  }),
  agentInquiryDetail: endpoint({
    ...ENDPOINT_ROUTES.agentInquiryDetail,
    query: inquiryIdQuerySchema,
    body: undefined,
    response: deskInquiryDetailSchema,
    summary: 'Agents: one ticket with its conversation, the account that opened it, its handling and internal notes.',
  }),
  agentInquiryReply: endpoint({
    ...ENDPOINT_ROUTES.agentInquiryReply,
    query: commonQuerySchema,
    body: inquiryReplyBodySchema,
    response: inquiryMessageSchema,
    summary: 'Agents: replies to an open ticket, with attachments; the player sees the feedback dot.',
  }),
  agentInquiryEnd: endpoint({
    ...ENDPOINT_ROUTES.agentInquiryEnd,
    query: commonQuerySchema,
    body: inquiryIdBodySchema,
    response: inquiryEndedSchema,
    summary: 'Agents: ends an open ticket; the player is invited to rate it.',
  }),
} as const;
