import { useEffect, useState } from 'react';
import { AccountSwitchDialog } from '../features/account-switch/account-switch-dialog.js';
import { FeedbackDot } from '../features/feedback-dot/feedback-dot.js';
import { Footer } from '../features/footer/footer.js';
import { LanguageGlobe } from '../features/language-globe/language-globe.js';
import { LoadingBar } from '../features/notices/loading-bar.js';
import { Toasts } from '../features/notices/toasts.js';
import { SideMenu } from '../features/side-menu/side-menu.js';
import { TopNav } from '../features/top-nav/top-nav.js';
import { BRAND_ASSETS } from './brand-assets.js';
import { useIsFromGameFaq, usePlatformContext } from 'shared-contracts/react';

/**
 * The top of the page frame of SPEC §2 "Shell on every page": top navigation, side menu, toasts, loading bar. A
 * game's web view (SPEC §3 isFromGameFaq, README "In-game entry") has a compact top bar and no side menu.
 */
export function Frame() {
  const [menuOpen, setMenuOpen] = useState(false);
  const { brand } = usePlatformContext();
  const gameView = useIsFromGameFaq();
  useEffect(() => {
    // The page-wide rules (a lower top bar) follow it; the server's HTML never has it (it is the same for everyone).
    document.documentElement.toggleAttribute('data-game-view', gameView);
  }, [gameView]);
  return (
    <>
      <LoadingBar />
      <TopNav
        logo={BRAND_ASSETS[brand.id].logo}
        globe={<LanguageGlobe />}
        menuBadge={<FeedbackDot placement={gameView ? 'inline' : 'corner'} testId="menu-feedback-dot" />}
        menuOpen={menuOpen}
        onOpenMenu={() => setMenuOpen(true)}
        gameView={gameView}
      />
      {gameView ? null : (
        <SideMenu
          open={menuOpen}
          onClose={() => setMenuOpen(false)}
          supportBadge={<FeedbackDot placement="inline" testId="support-feedback-dot" />}
        />
      )}
      <AccountSwitchDialog />
      <Toasts />
    </>
  );
}

/** The bottom of the frame: the brand's footer, a root of its own below the remotes' region. */
export function FrameFooter() {
  const { brand } = usePlatformContext();
  return <Footer logo={BRAND_ASSETS[brand.id].logo} />;
}
