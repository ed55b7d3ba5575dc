import { Link } from 'react-router';
import { gameDetailsPath, type Game } from 'shared-contracts';
import { Artwork } from '../../components/artwork.js';
import styles from './game-grid.module.css';

/** All games: cover and title per game, each leading to its details (SPEC §2). */
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
            />
            <span className={styles.title}>{game.title}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
