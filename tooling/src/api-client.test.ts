import { ENDPOINTS } from 'shared-contracts/schemas';
import { describe, expect, it } from 'vitest';
import { platformTicketBody } from './api-client.js';

describe('platformTicketBody', () => {
  const ticket = {
    gameId: 1,
    queryType: 2,
    title: 'A title',
    content: 'What happened, in a sentence or two.',
    contact: 'tool@tool.example',
  };

  it('is a body the API takes for POST /inquiries, with no attachments unless given', () => {
    const body = platformTicketBody(ticket);
    expect(ENDPOINTS.createInquiry.body.safeParse(body).success).toBe(true);
    expect(body.attachments).toEqual([]);
    expect(platformTicketBody({ ...ticket, attachments: ['file-1'] }).attachments).toEqual(['file-1']);
  });

  it('carries a new requestId each time, so no ticket is taken for a retry of another', () => {
    expect(platformTicketBody(ticket).requestId).not.toBe(platformTicketBody(ticket).requestId);
  });
});
