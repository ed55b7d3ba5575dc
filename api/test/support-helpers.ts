import type { EndpointName } from 'shared-contracts';
import { readSupportSeed } from '../src/seed/support-seed.js';
import { call, okData } from './api-calls.js';
import type { TestApp } from './helpers.js';

/** The support seed the harness loads (createTicketHarness), for the answers the support endpoints should give. */
export const seed = await readSupportSeed();

/** A support endpoint's answer to `query`, as a guest or with a session. */
export function get(harness: TestApp, name: EndpointName, query: string, token?: string) {
  return call(harness, name, { query, ...(token ? { token } : {}) });
}

/** The ids of the help topics `GET /faqs` lists for `query`. */
export async function faqIds(harness: TestApp, query: string): Promise<number[]> {
  return okData('faqs', await get(harness, 'faqs', query)).map((faq) => faq.id);
}
