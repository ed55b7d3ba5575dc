import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ALL_GAMES_PATH,
  ROUTES,
  currentReturnPath,
  gameDetailsPath,
  loginPath,
  platformLink,
  signOut,
  textDirection,
} from 'shared-contracts';
import { useModalDialog, usePlatformContext, useRechargeLink, useSession, useSimpleGames, useSwipe } from 'shared-contracts/react';
import { BrandIcon, type BrandIconName } from '../../components/brand-icon.js';
import styles from './side-menu.module.css';

/** The brand's icon of an entry, or an empty box of its size so every entry's label starts at the same place. */
function EntryIcon({ name }: { name?: BrandIconName }) {
  return name ? <BrandIcon name={name} /> : <span className={styles.iconSpace} aria-hidden="true" />;
}

/**
 * The right side menu of SPEC §2, a modal dialog (focus kept inside, Escape closes, mirrored in RTL). A finger's swipe
 * toward the menu's own edge (right, or left in a right-to-left language) closes it too, as a drawer does on a phone.
 * Its entries are rendered when it first opens, and kept from then on: a closed menu shows nothing, so the page's HTML
 * and its start-up carry none of its fifty-odd elements (issue 13), and before its scripts run it cannot open anyway.
 */
export function SideMenu({ open, onClose, supportBadge }: { open: boolean; onClose: () => void; supportBadge: ReactNode }) {
  const { t } = useTranslation();
  const dialog = useModalDialog(open);
  const { language } = usePlatformContext();
  // The menu is at the end of the line: the right edge, the left one right to left.
  const towardEdge = textDirection(language) === 'rtl' ? -1 : 1;
  const swipe = useSwipe((direction) => {
    if (direction === towardEdge) onClose();
  });
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);

  return (
    <dialog
      ref={dialog}
      id="side-menu"
      className={styles.menu}
      aria-label={t('shell:menu.title')}
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop (the dialog itself, outside its content) closes the menu.
        if (event.target === event.currentTarget) onClose();
      }}
      {...swipe}
      data-testid="side-menu"
    >
      {opened ? <SideMenuContent onClose={onClose} supportBadge={supportBadge} /> : null}
    </dialog>
  );
}

/** The menu's close button, its entries for this visitor, and the brand's games. */
function SideMenuContent({ onClose, supportBadge }: { onClose: () => void; supportBadge: ReactNode }) {
  const { t } = useTranslation();
  const { brand } = usePlatformContext();
  const { loggedIn } = useSession();
  const rechargeLink = useRechargeLink();
  const [games, retryGames] = useSimpleGames();

  const link = (path: string, label: string, testId: string, icon?: BrandIconName, badge?: ReactNode) => (
    <li>
      <a {...platformLink(path, onClose)} data-testid={testId}>
        <EntryIcon name={icon} />
        {label}
        {badge ? ' ' : null}
        {badge}
      </a>
    </li>
  );

  return (
    <div className={styles.content}>
      <div className={styles.header}>
        <button type="button" className="icon-button" onClick={onClose} data-testid="menu-close">
          <BrandIcon name="close" className={styles.closeIcon} />
          <span className="visually-hidden">{t('shell:menu.close')}</span>
        </button>
      </div>
      <nav aria-label={t('shell:menu.title')}>
        <ul className={styles.entries}>
          {loggedIn && brand.topUp && rechargeLink ? (
            <li>
              <a href={rechargeLink} target="_blank" rel="noopener noreferrer" data-testid="menu-top-up">
                <EntryIcon name="top-up" />
                {t('shell:menu.topUp')}
              </a>
            </li>
          ) : null}
          {link(ROUTES.home, t('shell:menu.home'), 'menu-home')}
          {link(ALL_GAMES_PATH, t('shell:menu.allGames'), 'menu-all-games')}
          {loggedIn && brand.userCenter ? link(ROUTES.userCenter, t('shell:menu.userCenter'), 'menu-user-center', 'user') : null}
          {/* Brands without a user center still offer its security settings, alone (README "User center and account security"). */}
          {loggedIn && !brand.userCenter ? link(ROUTES.userCenter, t('shell:menu.accountSecurity'), 'menu-account-security', 'user') : null}
          {link(ROUTES.supportCenter, t('shell:menu.supportCenter'), 'menu-support-center', 'support', supportBadge)}
          {loggedIn ? null : link(loginPath(currentReturnPath()), t('shell:menu.login'), 'menu-login', 'user')}
          {loggedIn ? (
            <li>
              <button
                type="button"
                onClick={() => {
                  onClose();
                  void signOut();
                }}
                data-testid="menu-logout"
              >
                <EntryIcon />
                {t('shell:menu.logout')}
              </button>
            </li>
          ) : null}
        </ul>
      </nav>
      <section className={styles.games} aria-labelledby="side-menu-games">
        <h2 id="side-menu-games">{t('shell:menu.games')}</h2>
        {games.status === 'loading' ? <p role="status">{t('common:state.loading')}</p> : null}
        {games.status === 'failed' ? (
          <div role="alert">
            <p>{t('shell:menu.gamesFailed')}</p>
            <button type="button" onClick={retryGames}>
              {t('common:remote.retry')}
            </button>
          </div>
        ) : null}
        {games.status === 'ready' ? (
          <ul className={styles.gameList} data-testid="menu-games">
            {games.games.map((game) => (
              <li key={game.id}>
                <a {...platformLink(gameDetailsPath(game.id), onClose)}>
                  <img src={game.logo} alt="" width={32} height={32} loading="lazy" />
                  <span>{game.gameName}</span>
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </section>
    </div>
  );
}
