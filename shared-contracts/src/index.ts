/**
 * The runtime contract every app loads first. It must not import zod at runtime: the schemas (and zod) are in
 * `shared-contracts/schemas`, which only forms, the API and Node-side tools load. Types derived from the schemas are
 * re-exported here as types only, which the compiler erases.
 */
export * from './version.js';
export * from './areas.js';
export * from './brands.js';
export * from './page-context.js';
export * from './first-view.js';
export * from './yield.js';
export * from './artwork-copies.js';
export * from './routes.js';
export * from './limits.js';
export * from './attachments.js';
export * from './text.js';
export * from './support-hours.js';
export * from './event-bus.js';
export * from './navigation.js';
export * from './session/storage-keys.js';
export * from './session/csform.js';
export * from './session/kept-fields.js';
export * from './session/store.js';
export * from './session/login-state.js';
export * from './session/support-draft.js';
export * from './session/game-entry.js';
export * from './session/sign-in.js';
export * from './api/codes.js';
export * from './api/refusals.js';
export * from './api/ticket-constants.js';
export * from './api/lead-dashboard-constants.js';
export * from './calendar-days.js';
export * from './api/desk-constants.js';
export * from './api/endpoint-routes.js';
export * from './api/live-events.js';
export * from './api/platform-live-events.js';
export * from './api/client.js';
export * from './api/platform-api.js';
export * from './api/game-links.js';
export * from './theme.js';
export * from './i18n/i18n.js';
export * from './i18n/common-namespace.js';
export * from './bootstrap/bootstrap.js';
export * from './remote-app.js';
export * from './schemas-loader.js';
export type * from './api/endpoints.js';
export type * from './api/schemas.js';
export type * from './api/identity-schemas.js';
export type * from './api/support-schemas.js';
export type * from './api/ticket-schemas.js';
export type * from './api/desk-schemas.js';
export type * from './api/canned-reply-schemas.js';
