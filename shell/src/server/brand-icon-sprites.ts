import type { BrandId } from 'shared-contracts';
import atlasIcons from '../brand-assets/atlas/icons.svg?raw';
import aurumIcons from '../brand-assets/aurum/icons.svg?raw';
import formosaIcons from '../brand-assets/formosa/icons.svg?raw';
import hikariIcons from '../brand-assets/hikari/icons.svg?raw';
import novaIcons from '../brand-assets/nova/icons.svg?raw';
import sakuraIcons from '../brand-assets/sakura/icons.svg?raw';
import verdaIcons from '../brand-assets/verda/icons.svg?raw';

/** Each brand's icons.svg as text, for the page's own copy of the sprite (`brandIconsMarkup`); the server's alone. */
export const ICON_SPRITE_TEXTS: Record<BrandId, string> = {
  nova: novaIcons,
  hikari: hikariIcons,
  sakura: sakuraIcons,
  formosa: formosaIcons,
  atlas: atlasIcons,
  aurum: aurumIcons,
  verda: verdaIcons,
};
