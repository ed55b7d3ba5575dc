import type { BrandId } from 'shared-contracts';
import atlasIcons from '../brand-assets/atlas/icons.svg';
import aurumIcons from '../brand-assets/aurum/icons.svg';
import formosaIcons from '../brand-assets/formosa/icons.svg';
import hikariIcons from '../brand-assets/hikari/icons.svg';
import novaIcons from '../brand-assets/nova/icons.svg';
import sakuraIcons from '../brand-assets/sakura/icons.svg';
import verdaIcons from '../brand-assets/verda/icons.svg';
import styles from './brand-icon.module.css';

/**
 * Each brand's icon sprite (SPEC §1 "icon set"), a content-hashed static file. The startup JS carries only these seven
 * URLs: a page whose HTML came without the brand's icons fetches its own brand's sprite once.
 */
const ICON_SPRITES: Record<BrandId, string> = {
  nova: novaIcons,
  hikari: hikariIcons,
  sakura: sakuraIcons,
  formosa: formosaIcons,
  atlas: atlasIcons,
  aurum: aurumIcons,
  verda: verdaIcons,
};

/** The symbols every brand's icons.svg has. */
export type BrandIconName = 'menu' | 'close' | 'globe' | 'top-up' | 'support' | 'user' | 'repay';

/** The id of the page's own copy of the brand's sprite. */
export const BRAND_ICONS_ID = 'brand-icons';

/** The prefix of the symbols' ids in the page, so that an icon's name meets no other id of the page. */
const SYMBOL_ID_PREFIX = 'icon-';

/**
 * The brand's sprite (the text of its icons.svg) as the page's own hidden SVG: its symbols, their ids prefixed. The
 * page's HTML carries it (the shell's server puts it first in the body), so the icons are drawn from the page itself
 * with its first paint. A sprite referenced by its address was a request of its own and an SVG document the browser
 * built on the main thread as the page started (issue 13).
 */
export function brandIconsMarkup(sprite: string): string {
  const symbols = (sprite.match(/<symbol\b[\s\S]*?<\/symbol>/g) ?? []).map((symbol) =>
    symbol.replace(/^<symbol id="/, `<symbol id="${SYMBOL_ID_PREFIX}`),
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" id="${BRAND_ICONS_ID}" class="${styles.sprite}" aria-hidden="true" focusable="false">${symbols.join('')}</svg>`;
}

/**
 * Gives a page whose HTML came without the brand's icons (a page the browser renders alone) the brand's sprite,
 * fetched from its file. The icons' boxes are there already: they show their symbols as the sprite arrives. Should the
 * file not come, they stay empty, and the controls they sit in keep their names.
 */
export async function ensureBrandIcons(brand: BrandId): Promise<void> {
  if (document.getElementById(BRAND_ICONS_ID)) return;
  const response = await fetch(ICON_SPRITES[brand]).catch(() => undefined);
  if (!response?.ok) return;
  const sprite = new DOMParser().parseFromString(brandIconsMarkup(await response.text()), 'image/svg+xml').documentElement;
  if (!document.getElementById(BRAND_ICONS_ID)) document.body.prepend(document.importNode(sprite, true));
}

/**
 * One of the brand's icons, decorative: the control it sits in carries the label. Drawn in currentColor from the
 * page's sprite, sized by CSS (20 px unless a class says otherwise), in a fixed box.
 */
export function BrandIcon({ name, className }: { name: BrandIconName; className?: string }) {
  return (
    <svg
      className={className ? `${styles.icon} ${className}` : styles.icon}
      width="20"
      height="20"
      aria-hidden="true"
      focusable="false"
      data-icon={name}
    >
      <use href={`#${SYMBOL_ID_PREFIX}${name}`} />
    </svg>
  );
}
