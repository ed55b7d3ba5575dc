import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { REPAY_STEPS, ROUTES, hasLanguageGlobe, platformLink, supportStepPath, type RouteName, type SupportStep } from 'shared-contracts';
import { useAddressedGameId, useCsForm, usePlatformContext, useRechargeLink, useRepayLinks, useRouteName } from 'shared-contracts/react';
import { BrandIcon } from '../../components/brand-icon.js';
import styles from './top-nav.module.css';

function pageTitleKey(routeName: RouteName, hasUserCenter: boolean): string | null {
  // The VK landing page has an empty title (SPEC §2).
  if (routeName === 'vkRedirect') return null;
  // Brands without a user center show only its security settings there (README "User center and account security").
  if (routeName === 'userCenter' && !hasUserCenter) return 'shell:titles.accountSecurity';
  return `shell:titles.${routeName}`;
}

function supportStepOf(routeName: RouteName): SupportStep | null {
  return routeName.startsWith('support.') ? (routeName.slice('support.'.length) as SupportStep) : null;
}

/**
 * The self-service repay link: on the question and inquiry steps, when the chosen game has one (SPEC §2). The help
 * step's address names its game, so the page's HTML has the button already; the draft's game is known in this tab only.
 */
function useRepayLink(routeName: RouteName): string | null {
  const csForm = useCsForm();
  const addressedGameId = useAddressedGameId();
  const repayLinks = useRepayLinks();
  const step = supportStepOf(routeName);
  const gameId = addressedGameId ?? csForm.gameId;
  if (!step || !REPAY_STEPS.has(step) || gameId === null) return null;
  return repayLinks[gameId] ?? null;
}

/**
 * The top navigation. In a game's web view (`gameView`, README "In-game entry") it keeps the page's title, the
 * repay button and the language, and leaves out what leads away from the game: the logo's link home, Top up and the
 * menu, whose place a link to the player's inquiries takes, with the feedback dot (`menuBadge`).
 */
export function TopNav(props: {
  logo: string;
  globe: ReactNode;
  menuBadge: ReactNode;
  menuOpen: boolean;
  onOpenMenu: () => void;
  gameView?: boolean;
}) {
  const { t } = useTranslation();
  const { brand, area } = usePlatformContext();
  const routeName = useRouteName();
  const rechargeLink = useRechargeLink();
  const repayLink = useRepayLink(routeName);
  const titleKey = pageTitleKey(routeName, brand.userCenter);
  const title = titleKey ? t(titleKey) : '';

  useEffect(() => {
    document.title = title ? `${title} | ${brand.name}` : brand.name;
  }, [title, brand.name]);

  return (
    <header
      className={[styles.nav, props.gameView ? styles.gameView : null, hasLanguageGlobe(area) ? styles.withGlobe : null]
        .filter(Boolean)
        .join(' ')}
    >
      {props.gameView ? (
        <span className={styles.logo}>
          <img src={props.logo} alt={brand.name} width={160} height={40} />
        </span>
      ) : (
        <a className={styles.logo} {...platformLink(ROUTES.home)}>
          <img src={props.logo} alt={t('shell:nav.home', { brand: brand.name })} width={160} height={40} />
        </a>
      )}
      <h1 className={styles.title} data-testid="page-title">
        {title}
      </h1>
      <div className={styles.actions}>
        {repayLink ? (
          <a
            className={`${styles.action} ${styles.iconOnPhone} ${styles.repay}`}
            href={repayLink}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="repay-button"
          >
            <BrandIcon name="repay" />
            <span className={styles.label}>{t('shell:nav.repay')}</span>
          </a>
        ) : null}
        {props.globe}
        {brand.topUp && rechargeLink && !props.gameView ? (
          <a
            className={`${styles.action} ${styles.iconOnPhone} ${styles.topUp}`}
            href={rechargeLink}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="top-up-button"
          >
            <BrandIcon name="top-up" />
            <span className={styles.label}>{t('shell:nav.topUp')}</span>
          </a>
        ) : null}
        {props.gameView ? (
          <a className={styles.action} {...platformLink(supportStepPath('history'))} data-testid="game-view-inquiries">
            {t('shell:titles.support.history')} {props.menuBadge}
          </a>
        ) : (
          <button
            type="button"
            className="icon-button"
            aria-haspopup="dialog"
            aria-expanded={props.menuOpen}
            aria-controls="side-menu"
            onClick={props.onOpenMenu}
            data-testid="menu-button"
          >
            <BrandIcon name="menu" className={styles.menuIcon} />
            <span className="visually-hidden">{t('shell:nav.menu')}</span> {props.menuBadge}
          </button>
        )}
      </div>
    </header>
  );
}
