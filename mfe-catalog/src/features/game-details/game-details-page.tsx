import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ROUTES, helpTopicsPath, platformLink, type Game } from 'shared-contracts';
import { AsyncBoundary, usePlatformContext, useRechargeLink, useSimpleGames } from 'shared-contracts/react';
import { forgetGames, useGames } from '../../lib/games-resource.js';
import { GamesFailed, GamesLoading } from '../../components/load-states.js';
import { Artwork } from '../../components/artwork.js';
import { BidiText } from '../../components/bidi-text.js';
import { useScrollToAnchor } from '../../lib/use-scroll-to-anchor.js';
import styles from './game-details-page.module.css';

function NotFound() {
  const { t } = useTranslation();
  return (
    <div className={styles.notFound} role="alert" data-testid="game-not-found">
      <h2>{t('catalog:details.notFound.title')}</h2>
      <p>{t('catalog:details.notFound.body')}</p>
      <Link to={ROUTES.home}>{t('catalog:details.notFound.home')}</Link>
    </div>
  );
}

function GameDetails({ game }: { game: Game }) {
  const { t } = useTranslation();
  const { brand } = usePlatformContext();
  // Top up on a game's page pays for that game: its own payment link from the side menu's list (none, no button), or
  // the site's while the list does not name it.
  const rechargeLink = useRechargeLink();
  const [simpleGames] = useSimpleGames();
  const listed = simpleGames.status === 'ready' ? simpleGames.games.find((entry) => entry.id === game.id) : undefined;
  const topUpLink = listed ? listed.link.payment : rechargeLink;
  const sectionIds = useMemo(() => game.sections.map((section) => section.id), [game]);
  useScrollToAnchor(sectionIds);
  return (
    <article className={styles.article} aria-labelledby="game-title">
      <header className={styles.hero}>
        {/* The details banner keeps its wide shape on phones: the 4:3 phone copy would crop it. */}
        <Artwork
          className={styles.banner}
          src={game.imageConfig.banner}
          phoneCopy={false}
          alt=""
          width={1200}
          height={500}
          fetchPriority="high"
        />
        <div className={styles.identity}>
          <img className={styles.icon} src={game.imageConfig.icon} alt="" width={96} height={96} />
          <div className={styles.names}>
            <h2 id="game-title" className={styles.title}>
              {game.title}
            </h2>
            <p className={styles.subtitle}>
              <BidiText text={game.subTitle} />
            </p>
            <p className={styles.genre}>{t('catalog:details.genreValue', { genre: game.genre })}</p>
          </div>
        </div>
        <div className={styles.actions}>
          {brand.topUp && topUpLink ? (
            <a className="button-primary" href={topUpLink} target="_blank" rel="noopener noreferrer">
              {t('catalog:home.topUp')}
            </a>
          ) : null}
          <a className="button-secondary" {...platformLink(helpTopicsPath(game.id))}>
            {t('catalog:details.support')}
          </a>
        </div>
      </header>
      <nav className={styles.toc} aria-label={t('catalog:details.sections')}>
        <ul>
          {game.sections.map((section) => (
            <li key={section.id}>
              <Link to={{ hash: section.id }} replace>
                {section.title}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {game.sections.map((section) => (
        <section key={section.id} id={section.id} className={styles.section} aria-labelledby={`${section.id}-heading`}>
          <h3 id={`${section.id}-heading`}>{section.title}</h3>
          <p>
            <BidiText text={section.body} />
          </p>
        </section>
      ))}
      <Link className={styles.back} to={ROUTES.home}>
        {t('catalog:details.back')}
      </Link>
    </article>
  );
}

function GameDetailsContent({ id }: { id: number }) {
  const games = useGames();
  const game = games.find((candidate) => candidate.id === id);
  return game ? <GameDetails game={game} /> : <NotFound />;
}

/** `/GamesDetails/:id` (SPEC §2): one game's info; an unknown or malformed id gets a not-found state. */
export function GameDetailsPage() {
  const params = useParams();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0;
  return (
    <div className={styles.page}>
      {valid ? (
        <AsyncBoundary loading={<GamesLoading />} failed={(_error, retry) => <GamesFailed retry={retry} />} onRetry={forgetGames}>
          <GameDetailsContent id={id} />
        </AsyncBoundary>
      ) : (
        <NotFound />
      )}
    </div>
  );
}
