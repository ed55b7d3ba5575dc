import { useTranslation } from 'react-i18next';
import { ROUTES, platformLink } from 'shared-contracts';
import { usePlatformContext, useRechargeLink } from 'shared-contracts/react';
import styles from './quick-links.module.css';

/**
 * Top up and Support center links of the front page (SPEC §2), primary buttons laid out as the tiles of a grid; Top up
 * is hidden where the brand has none.
 */
export function QuickLinks() {
  const { t } = useTranslation();
  const { brand } = usePlatformContext();
  const rechargeLink = useRechargeLink();
  const tile = `button-primary ${styles.link}`;
  return (
    <nav className={styles.links} aria-label={t('catalog:home.quickLinks')}>
      {brand.topUp && rechargeLink ? (
        <a className={tile} href={rechargeLink} target="_blank" rel="noopener noreferrer">
          {t('catalog:home.topUp')}
        </a>
      ) : null}
      <a className={tile} {...platformLink(ROUTES.supportCenter)}>
        {t('catalog:home.supportCenter')}
      </a>
    </nav>
  );
}
