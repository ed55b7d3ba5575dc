import { starHarbor } from './star-harbor.mjs';
import { cometCircuit } from './comet-circuit.mjs';
import { prismTiles } from './prism-tiles.mjs';
import { ashvaleTactics } from './ashvale-tactics.mjs';
import { moonbeatParade } from './moonbeat-parade.mjs';
import { cloverHollow } from './clover-hollow.mjs';
import { aetherSentinels } from './aether-sentinels.mjs';
import { mythdeckArena } from './mythdeck-arena.mjs';

/**
 * Scenes, one per game, by slug. Each returns { defs, body } for a layout (svg.mjs `layout`); `icon` gets a simplified
 * close-up.
 */
export const SCENES = {
  'star-harbor': starHarbor,
  'comet-circuit': cometCircuit,
  'prism-tiles': prismTiles,
  'ashvale-tactics': ashvaleTactics,
  'moonbeat-parade': moonbeatParade,
  'clover-hollow': cloverHollow,
  'aether-sentinels': aetherSentinels,
  'mythdeck-arena': mythdeckArena,
};
