import { useTranslation } from 'react-i18next';
import { ALL_GAMES_ANCHOR } from 'shared-contracts';
import { AsyncBoundary } from 'shared-contracts/react';
import { forgetGames, useGames } from '../../lib/games-resource.js';
import { GamesFailed, GamesLoading } from '../../components/load-states.js';
import { useScrollToAnchor } from '../../lib/use-scroll-to-anchor.js';
import { BannerCarousel } from './banner-carousel.js';
import { GameGrid } from './game-grid.js';
import { QuickLinks } from './quick-links.js';
import styles from './front-page.module.css';

const ANCHORS = [ALL_GAMES_ANCHOR];

function FrontPageContent() {
  const { t } = useTranslation();
  const games = useGames();
  useScrollToAnchor(ANCHORS);
  if (games.length === 0) return <p className={styles.empty}>{t('catalog:home.empty')}</p>;
  return (
    <>
      <BannerCarousel games={games} />
      <QuickLinks />
      <section className={styles.allGames} aria-labelledby="all-games-heading" id={ALL_GAMES_ANCHOR}>
        <h2 id="all-games-heading">{t('catalog:home.allGames')}</h2>
        <GameGrid games={games} />
      </section>
    </>
  );
}

/** The front page (SPEC §2): banner carousel, quick links, All games grid. */
export function FrontPage() {
  return (
    <div className={styles.page}>
      <AsyncBoundary loading={<GamesLoading />} failed={(_error, retry) => <GamesFailed retry={retry} />} onRetry={forgetGames}>
        <FrontPageContent />
      </AsyncBoundary>
    </div>
  );
}
