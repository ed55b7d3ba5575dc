import { Link } from 'react-router';
import { gameDetailsPath, type Game } from 'shared-contracts';
import { Artwork } from '../../components/artwork.js';
import styles from './game-grid.module.css';

/**
 * All games: cover and title per game, each leading to its details (SPEC §2). The covers come as WebP: the eight of
 * them arrive and decode while the page starts up, where AVIF's decoding would take the CPU from the start-up.
 */
export function GameGrid({ games }: { games: readonly Game[] }) {
  return (
    <ul className={styles.grid}>
      {games.map((game) => (
        <li key={game.id}>
          <Link className={styles.card} to={gameDetailsPath(game.id)}>
            <Artwork
              className={styles.cover}
              src={game.imageConfig.cover}
              alt=""
              width={600}
              height={800}
              loading="lazy"
              fetchPriority="low"
              decoding="async"
              avif={false}
            />
            <span className={styles.title}>{game.title}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
