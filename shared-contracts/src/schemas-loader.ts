import type * as SchemasModule from 'shared-contracts/schemas';

/** The contract's zod schemas and ENDPOINTS, as `shared-contracts/schemas` exports them. */
export type Schemas = typeof SchemasModule;

let loading: Promise<Schemas> | null = null;

/**
 * Loads `shared-contracts/schemas` (and with it zod) once for every app on the page, by its package name so the
 * page shares one copy. Screens that validate call it when a player turns to a form and await it before checking;
 * nothing on a first load pays for zod. A failed load is forgotten, so the next call tries again.
 */
export function loadSchemas(): Promise<Schemas> {
  loading ??= import('shared-contracts/schemas').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** Starts loading the schemas ahead of need (on a form's first focus); a failure shows when they are awaited. */
export function preloadSchemas(): void {
  loadSchemas().catch(() => undefined);
}
