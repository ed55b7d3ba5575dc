import { useState } from 'react';
import { FeedbackDot } from '../features/feedback-dot/feedback-dot.js';
import { Footer } from '../features/footer/footer.js';
import { LanguageGlobe } from '../features/language-globe/language-globe.js';
import { LoadingBar } from '../features/notices/loading-bar.js';
import { Toasts } from '../features/notices/toasts.js';
import { SideMenu } from '../features/side-menu/side-menu.js';
import { TopNav } from '../features/top-nav/top-nav.js';
import { BRAND_ASSETS } from './brand-assets.js';
import { usePlatformContext } from 'shared-contracts/react';

/** The top of the page frame of SPEC §2 "Shell on every page": top navigation, side menu, toasts, loading bar. */
export function Frame() {
  const [menuOpen, setMenuOpen] = useState(false);
  const { brand } = usePlatformContext();
  return (
    <>
      <LoadingBar />
      <TopNav
        logo={BRAND_ASSETS[brand.id].logo}
        globe={<LanguageGlobe />}
        menuBadge={<FeedbackDot placement="corner" testId="menu-feedback-dot" />}
        menuOpen={menuOpen}
        onOpenMenu={() => setMenuOpen(true)}
      />
      <SideMenu
        open={menuOpen}
        onClose={() => setMenuOpen(false)}
        supportBadge={<FeedbackDot placement="inline" testId="support-feedback-dot" />}
      />
      <Toasts />
    </>
  );
}

/** The bottom of the frame: the brand's footer, a root of its own below the remotes' region. */
export function FrameFooter() {
  const { brand } = usePlatformContext();
  return <Footer logo={BRAND_ASSETS[brand.id].logo} />;
}
