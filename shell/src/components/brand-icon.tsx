import type { BrandId } from 'shared-contracts';
import { usePlatformContext } from 'shared-contracts/react';
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
 * URLs; a page fetches its own brand's sprite once, and the server-rendered frame references it the same way.
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

/**
 * One of the brand's icons, decorative: the control it sits in carries the label. Drawn in currentColor, sized by
 * CSS (20 px unless a class says otherwise), with a fixed box so the page does not move when the sprite arrives.
 */
export function BrandIcon({ name, className }: { name: BrandIconName; className?: string }) {
  const { brand } = usePlatformContext();
  return (
    <svg
      className={className ? `${styles.icon} ${className}` : styles.icon}
      width="20"
      height="20"
      aria-hidden="true"
      focusable="false"
      data-icon={name}
    >
      <use href={`${ICON_SPRITES[brand.id]}#${name}`} />
    </svg>
  );
}
