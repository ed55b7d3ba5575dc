import { memo, useCallback, useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TIMINGS, gameDetailsPath, textDirection, type Game } from 'shared-contracts';
import { usePlatformContext, useSwipe } from 'shared-contracts/react';
import { Artwork } from '../../components/artwork.js';
import { useReducedMotion } from './use-reduced-motion.js';
import styles from './banner-carousel.module.css';

/** How long after the banner on show has loaded its neighbours are asked for: well before the first rotation. */
const NEIGHBOUR_BANNERS_DELAY_MS = 1_000;

/**
 * The banner carousel (SPEC §2) in the brand's layout (DESIGN §6): "wide" full-width banners or "cards" with
 * neighbours beside. It advances every TIMINGS.carouselIntervalMs, and holds still while a mouse is over it or
 * focus is inside it (unless the player pressed Play there: WAI-ARIA's carousel pattern), when paused by the player,
 * and for players who prefer reduced motion. A finger's swipe across it changes the banner as the arrows do.
 */
export function BannerCarousel({ games }: { games: readonly Game[] }) {
  const { t } = useTranslation();
  const { brand, language } = usePlatformContext();
  const reducedMotion = useReducedMotion();
  const [active, setActive] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  // The player pressed Play while the mouse or the focus was in the carousel: neither holds it then.
  const [playedHere, setPlayedHere] = useState(false);
  const [pausedByPlayer, setPausedByPlayer] = useState(false);
  const [firstBannerSettled, setFirstBannerSettled] = useState(false);
  const [neighboursWanted, setNeighboursWanted] = useState(false);
  const settleFirstBanner = useCallback(() => setFirstBannerSettled(true), []);
  const regionId = useId();
  const count = games.length;
  const rotating = count > 1 && !reducedMotion && !pausedByPlayer && (!(hovered || focused) || playedHere);

  useEffect(() => {
    if (!rotating) return;
    const timer = window.setInterval(() => setActive((index) => (index + 1) % count), TIMINGS.carouselIntervalMs);
    return () => window.clearInterval(timer);
  }, [rotating, count]);

  useEffect(() => {
    if (!firstBannerSettled) return;
    const timer = window.setTimeout(() => setNeighboursWanted(true), NEIGHBOUR_BANNERS_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [firstBannerSettled]);

  const show = useCallback((index: number) => setActive(((index % count) + count) % count), [count]);
  // The platform's own list of right-to-left languages: i18next's dir() builds an Intl.Locale on every render.
  const rtl = textDirection(language) === 'rtl';
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const forward = (event.key === 'ArrowRight') !== rtl;
    show(active + (forward ? 1 : -1));
  };
  // A finger swiping left brings the next banner in from the right, as on any phone; right to left, the previous.
  const swipe = useSwipe((direction) => {
    const forward = (direction === -1) !== rtl;
    show(active + (forward ? 1 : -1));
  });

  // The wide layout is the carousel's own look; only cards adds rules.
  const className = brand.carousel === 'cards' ? `${styles.carousel} ${styles.cards}` : styles.carousel;
  return (
    <section
      className={className}
      aria-roledescription={t('catalog:carousel.roleDescription')}
      aria-label={t('catalog:carousel.label')}
      data-testid="banner-carousel"
      data-layout={brand.carousel}
      data-active-index={active}
      // A mouse's hover only: a tap on a touch screen "enters" and never leaves, which stopped the carousel for good.
      onPointerEnter={(event) => setHovered(event.pointerType === 'mouse')}
      onPointerLeave={() => {
        setHovered(false);
        if (!focused) setPlayedHere(false);
      }}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
        setFocused(false);
        if (!hovered) setPlayedHere(false);
      }}
      onKeyDown={onKeyDown}
    >
      <div className={styles.viewport} id={regionId} aria-live={rotating ? 'off' : 'polite'} {...(count > 1 ? swipe : {})}>
        {games.map((game, index) => {
          const offset = (index - active + count) % count;
          const position = offset === 0 ? 'current' : offset === 1 ? 'next' : offset === count - 1 ? 'previous' : 'hidden';
          // The slides are stacked in one place, so lazy loading would fetch every banner at once, all competing
          // with the one on show (the page's largest paint). Only the current banner has its image at first; its
          // neighbours get theirs, at low priority, a moment after it has loaded (or failed), ready before they
          // rotate in.
          const withImage = position === 'current' || (neighboursWanted && position !== 'hidden');
          return (
            <Slide
              key={game.id}
              game={game}
              index={index}
              count={count}
              position={position}
              withImage={withImage}
              onBannerSettled={settleFirstBanner}
            />
          );
        })}
      </div>
      {count > 1 ? (
        <div className={styles.controls}>
          {/* First of the controls (WAI-ARIA's carousel pattern): stopping the motion should not take eleven Tabs. Its
              name says what it does next, so it is not also a pressed toggle ("Play, pressed" contradicted itself). */}
          {reducedMotion ? null : (
            <button
              type="button"
              className={styles.pause}
              onClick={() => {
                // Play means play, with the mouse or the focus inside; Pause holds it wherever they go.
                setPlayedHere(pausedByPlayer);
                setPausedByPlayer(!pausedByPlayer);
              }}
            >
              {pausedByPlayer ? t('catalog:carousel.play') : t('catalog:carousel.pause')}
            </button>
          )}
          {/* The arrows and the dots between them stay one row: on a phone the pause button takes a row of its own
              rather than leave "‹" beside it and "›" on the next. */}
          <div className={styles.stepper}>
            <button
              type="button"
              className={styles.arrow}
              aria-controls={regionId}
              onClick={() => show(active - 1)}
              aria-label={t('catalog:carousel.previous')}
            >
              <span aria-hidden="true">‹</span>
            </button>
            <div className={styles.dots}>
              {games.map((game, index) => (
                <Dot key={game.id} index={index} title={game.title} current={index === active} regionId={regionId} onShow={show} />
              ))}
            </div>
            <button
              type="button"
              className={styles.arrow}
              aria-controls={regionId}
              onClick={() => show(active + 1)}
              aria-label={t('catalog:carousel.next')}
            >
              <span aria-hidden="true">›</span>
            </button>
          </div>
        </div>
      ) : null}
    </section>
  );
}

type SlidePosition = 'current' | 'next' | 'previous' | 'hidden';

/**
 * One banner with its caption. A rotation moves four slides (and the dots) and no other: the slides, their captions
 * and the dots are memoised, so that a rotation every few seconds, on a phone as on the first view, re-renders the
 * slides whose place changed and the two dots that changed instead of the whole carousel.
 */
const Slide = memo(function Slide({
  game,
  index,
  count,
  position,
  withImage,
  onBannerSettled,
}: {
  game: Game;
  index: number;
  count: number;
  position: SlidePosition;
  withImage: boolean;
  /** Called once the banner on show has loaded or failed. */
  onBannerSettled: () => void;
}) {
  const { t } = useTranslation();
  const current = position === 'current';
  // The banner the page's HTML brought may have loaded before this code took the page over, and hydration attaches
  // onLoad too late to hear it: a banner already complete (loaded, or failed) when it joins the tree has settled.
  const settledIfComplete = useCallback(
    (banner: HTMLImageElement | null) => {
      if (banner?.complete) onBannerSettled();
    },
    [onBannerSettled],
  );
  return (
    <div
      className={styles.slide}
      data-position={position}
      role="group"
      aria-roledescription={t('catalog:carousel.slide')}
      // `total`, not i18next's `count`: a count asks for the language's plural rules (an Intl.PluralRules built on
      // the first call, a few milliseconds of the start-up) for a label that has no plural forms.
      aria-label={t('catalog:carousel.slideLabel', { index: index + 1, total: count, title: game.title })}
      aria-hidden={!current}
      inert={!current}
    >
      <Artwork
        className={styles.banner}
        src={withImage ? game.imageConfig.banner : null}
        alt=""
        width={1200}
        height={500}
        fetchPriority={current ? 'high' : 'low'}
        decoding="async"
        ref={current ? settledIfComplete : undefined}
        onLoad={current ? onBannerSettled : undefined}
        onError={current ? onBannerSettled : undefined}
      />
      <SlideCaption game={game} />
    </div>
  );
});

const SlideCaption = memo(function SlideCaption({ game }: { game: Game }) {
  const { t } = useTranslation();
  return (
    <div className={styles.caption}>
      <h2 className={styles.title}>{game.title}</h2>
      <p className={styles.subtitle}>{game.subTitle}</p>
      <Link className={styles.details} to={gameDetailsPath(game.id)}>
        {t('catalog:carousel.details')}
        <span className="visually-hidden">: {game.title}</span>
      </Link>
    </div>
  );
});

const Dot = memo(function Dot({
  index,
  title,
  current,
  regionId,
  onShow,
}: {
  index: number;
  title: string;
  current: boolean;
  regionId: string;
  onShow: (index: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={styles.dot}
      aria-controls={regionId}
      aria-current={current ? 'true' : undefined}
      aria-label={t('catalog:carousel.goTo', { index: index + 1, title })}
      onClick={() => onShow(index)}
    />
  );
});
