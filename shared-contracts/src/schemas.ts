// First: zod's settings must be in place before any schema below is built.
import './zod-config.js';

/**
 * The zod schemas of the contract and ENDPOINTS (routes with their schemas): for forms that validate, the API and
 * Node-side tools. Kept out of the main entry so a page loads zod only when something on it validates.
 */
export * from './api/schemas.js';
export * from './api/identity-schemas.js';
export * from './api/support-schemas.js';
export * from './api/ticket-schemas.js';
export * from './api/lead-dashboard-schemas.js';
export * from './api/desk-schemas.js';
export * from './api/canned-reply-schemas.js';
export * from './api/endpoints.js';
export * from './api/check-response.js';
