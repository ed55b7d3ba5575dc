import { useState } from 'react';
import { createPortal } from 'react-dom';
import { FeedbackDot } from '../features/feedback-dot/feedback-dot.js';
import { Footer } from '../features/footer/footer.js';
import { LanguageGlobe } from '../features/language-globe/language-globe.js';
import { LoadingBar } from '../features/notices/loading-bar.js';
import { Toasts } from '../features/notices/toasts.js';
import { SideMenu } from '../features/side-menu/side-menu.js';
import { TopNav } from '../features/top-nav/top-nav.js';
import { BRAND_ASSETS } from './brand-assets.js';
import { usePlatformContext } from 'shared-contracts/react';

/** The page frame of SPEC §2 "Shell on every page": top navigation, side menu, footer, toasts, loading bar. */
export function Frame({ footerHost }: { footerHost: HTMLElement }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const { brand } = usePlatformContext();
  const logo = BRAND_ASSETS[brand.id].logo;
  return (
    <>
      <LoadingBar />
      <TopNav
        logo={logo}
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
      {createPortal(<Footer logo={logo} />, footerHost)}
    </>
  );
}
