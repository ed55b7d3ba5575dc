import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { ENDPOINT_ROUTES } from './endpoint-routes.js';
import {
  faqSchema,
  faqsQuerySchema,
  faqTypeSchema,
  gameAreaSchema,
  gameDownloadSchema,
  gameQuerySchema,
  gameRoleSchema,
  gameRolesQuerySchema,
  gameServerQuerySchema,
  gameServerSchema,
  inquiryTypeSchema,
} from './support-schemas.js';

/**
 * The support reference calls (help topics, question categories, a game's servers, regions, characters and
 * downloads), with their schemas; ENDPOINTS spreads them in.
 */
export const SUPPORT_ENDPOINTS = {
  faqTypes: endpoint({
    ...ENDPOINT_ROUTES.faqTypes,
    query: gameQuerySchema,
    body: undefined,
    response: z.array(faqTypeSchema),
    summary: 'Help-topic types of a game (Account, Payment, Gameplay, Technical) in the request language.',
  }),
  faqs: endpoint({
    ...ENDPOINT_ROUTES.faqs,
    query: faqsQuerySchema,
    body: undefined,
    response: z.array(faqSchema),
    summary: 'Help topics of a game, optionally of one type, optionally matching a keyword (literal, ignoring case).',
  }),
  inquiryTypes: endpoint({
    ...ENDPOINT_ROUTES.inquiryTypes,
    query: gameQuerySchema,
    body: undefined,
    response: z.array(inquiryTypeSchema),
    summary: 'Question categories of the inquiry form for a game.',
  }),
  gameServers: endpoint({
    ...ENDPOINT_ROUTES.gameServers,
    query: gameQuerySchema,
    body: undefined,
    response: z.array(gameServerSchema),
    summary: 'Servers of a game; ids start with a lowercase s.',
  }),
  gameAreas: endpoint({
    ...ENDPOINT_ROUTES.gameAreas,
    query: gameServerQuerySchema,
    body: undefined,
    response: z.array(gameAreaSchema),
    summary: 'Regions of a server of a game.',
  }),
  gameRoles: endpoint({
    ...ENDPOINT_ROUTES.gameRoles,
    query: gameRolesQuerySchema,
    body: undefined,
    response: z.array(gameRoleSchema),
    summary: "The logged-in player's characters on a server (and region) of a game; empty when there are none.",
  }),
  gameDownloads: endpoint({
    ...ENDPOINT_ROUTES.gameDownloads,
    query: gameQuerySchema,
    body: undefined,
    response: z.array(gameDownloadSchema),
    summary: 'Download links of a game per platform; empty when it has none yet.',
  }),
} as const;
