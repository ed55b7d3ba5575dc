import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The two monoliths the bench compares the composed site with: everything in one bundle (the wording),
 * and the same split by route (each remote's code a chunk fetched when its route first shows, as a monolith would
 * split on its own), the stricter comparison for first loads.
 */
export const MONOLITH_VARIANTS = ['bundle', 'routes'] as const;
export type MonolithVariant = (typeof MONOLITH_VARIANTS)[number];

export const MONOLITH_LABELS: Record<MonolithVariant, string> = { bundle: 'monolith, one bundle', routes: 'monolith, split by route' };

export const monolithDist = (variant: MonolithVariant) => path.join(path.dirname(fileURLToPath(import.meta.url)), 'dist', variant);
