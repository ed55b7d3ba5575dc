import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { setCsForm, type GameDownload } from 'shared-contracts';
import { useCsForm, useSimpleGames } from 'shared-contracts/react';
import { Failed, Loading } from '../../components/call-states.js';
import { useCall } from '../../lib/use-call.js';
import { questionStepOf } from '../../lib/question-step.js';
import styles from './choose-game.module.css';

/** Platforms' own names, the same in every language. */
const PLATFORM_NAMES: Record<GameDownload['platform'], string> = { android: 'Android', ios: 'iOS', pc: 'PC' };

/** The chosen game's download links (SPEC §2 "game download list"), or the SPEC §8 message when it has none. */
function Downloads({ gameId }: { gameId: number }) {
  const { t } = useTranslation();
  const [downloads, retry] = useCall('gameDownloads', String(gameId), () => ({ query: { gameId } }));
  return (
    <section className={styles.downloads} aria-labelledby="downloads-heading" data-testid="game-downloads">
      <h3 id="downloads-heading">{t('support:game.downloads')}</h3>
      {downloads.status === 'loading' ? <Loading /> : null}
      {downloads.status === 'failed' ? <Failed messageKey={downloads.messageKey} retry={retry} /> : null}
      {downloads.status === 'ready' && downloads.data.length === 0 ? <p>{t('support:game.noDownloads')}</p> : null}
      {downloads.status === 'ready' && downloads.data.length > 0 ? (
        <ul>
          {downloads.data.map((download) => (
            <li key={download.platform}>
              <a href={download.url} target="_blank" rel="noopener noreferrer">
                {t('support:game.downloadFor', { platform: PLATFORM_NAMES[download.platform] })}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** Step one (DESIGN §7): choose the game the question is about; the choice goes into the support form. */
export function ChooseGameStep() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const csForm = useCsForm();
  const { gameId } = csForm;
  const [games, retry] = useSimpleGames();
  return (
    <section className="surface-card" aria-labelledby="choose-game-heading" data-testid="support-step-game">
      <h2 id="choose-game-heading">{t('support:game.title')}</h2>
      {games.status === 'loading' ? <Loading /> : null}
      {games.status === 'failed' ? <Failed messageKey="common:errors.network" retry={retry} /> : null}
      {games.status === 'ready' ? (
        <ul className={styles.games}>
          {games.games.map((game) => (
            <li key={game.id}>
              <button
                type="button"
                className={styles.game}
                aria-pressed={csForm.gameId === game.id}
                onClick={() => setCsForm({ gameId: game.id, gameName: game.gameName, gameImg: game.logo })}
              >
                <img src={game.logo} alt="" width={48} height={48} />
                <span>{game.gameName}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {gameId !== null ? (
        <>
          {/* Before the downloads, whose list arrives a moment later: below it, the step's one action would move
              down under the finger or pointer on its way to it. */}
          <button
            type="button"
            className={`button-primary ${styles.next}`}
            onClick={() => navigate(questionStepOf(gameId))}
            data-testid="to-question"
          >
            {t('support:game.next', { game: csForm.gameName })}
          </button>
          <Downloads gameId={gameId} />
        </>
      ) : null}
    </section>
  );
}
