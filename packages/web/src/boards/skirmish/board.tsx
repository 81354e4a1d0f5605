import type { SkirmishAction, SkirmishPlanet, SkirmishView } from '@tabula/skirmish';
import { useState } from 'preact/hooks';
import { type BoardProps, seatName } from '../types';

type Props = BoardProps<SkirmishView, SkirmishAction>;

/** A planet's class as a colour and a word (the PHP library's classes). */
const CLASSES: Record<string, { fill: string; label: string }> = {
  trade_post_colony: { fill: '#d9a441', label: 'trade post' },
  research_colony: { fill: '#4f8fc0', label: 'research' },
  mining_colony: { fill: '#9a6b4f', label: 'mining' },
  tribal_world: { fill: '#6fa05a', label: 'tribal world' },
  industrial_world: { fill: '#8a8f98', label: 'industrial world' },
  space_faring_world: { fill: '#8b6cc1', label: 'space-faring world' },
  station: { fill: '#c0c6cf', label: 'station' },
};
const classOf = (p: SkirmishPlanet) =>
  (p.planetClass === null ? undefined : CLASSES[p.planetClass]) ?? { fill: '#b9b3a6', label: 'no class' };

/** An ability in words, as the rules (packages/skirmish README) state it. */
export function abilityText(ability: SkirmishPlanet['abilities'][number]): string {
  if (ability.type === 'double_next_planet_no_combat')
    return 'whoever claims it also takes the next planet of the deck, without a battle';
  const setSize = ability.params.setSize ?? 3;
  const bonus = ability.params.bonus ?? 3;
  return `at scoring, ${bonus} VP for each complete set of ${setSize} planets of its class its owner holds`;
}

const abilityMark = (ability: SkirmishPlanet['abilities'][number]) =>
  ability.type === 'double_next_planet_no_combat' ? '»' : '★';

function planetLabel(p: SkirmishPlanet): string {
  const name = p.name !== null && p.name !== p.id ? ` ${p.name}` : '';
  const abilities = p.abilities.map(abilityText).join('; ');
  return `${p.id}${name}, ${p.victoryPoints} VP, ${classOf(p).label}${abilities === '' ? '' : `; ${abilities}`}`;
}

/** One planet card: a disc in its class's colour, its VP inside, its id below, its abilities as marks. */
function PlanetCard({ planet, size = 64 }: { planet: SkirmishPlanet; size?: number }) {
  const { fill } = classOf(planet);
  return (
    <svg
      class="planet"
      viewBox="0 0 64 80"
      width={size}
      height={(size * 80) / 64}
      role="img"
      aria-label={planetLabel(planet)}
    >
      <title>{planetLabel(planet)}</title>
      <circle cx="32" cy="30" r="26" fill={fill} stroke="#1d232a" stroke-width="1.5" />
      <ellipse cx="32" cy="30" rx="34" ry="8" fill="none" stroke="#1d232a" stroke-opacity="0.35" />
      <text x="32" y="37" text-anchor="middle" font-size="20" font-weight="700" fill="#111">
        {planet.victoryPoints}
      </text>
      <text x="32" y="76" text-anchor="middle" font-size="13" fill="#1d232a">
        {planet.id}
      </text>
      {planet.abilities.map((a, i) => (
        <g key={`${a.type}${i}`} transform={`translate(${52 - i * 14} 8)`}>
          <circle r="7" fill="#fff8dc" stroke="#1d232a" />
          <text y="4" text-anchor="middle" font-size="11" font-weight="700">
            {abilityMark(a)}
          </text>
        </g>
      ))}
    </svg>
  );
}

/** A ship of the fleet: a hull with its strength on it. */
function ShipIcon({ strength }: { strength: number }) {
  return (
    <svg viewBox="0 0 40 48" width="40" height="48" aria-hidden="true">
      <path d="M20 2 L34 30 L30 44 L10 44 L6 30 Z" fill="#dfe7ef" stroke="#1d232a" stroke-width="1.5" />
      <text x="20" y="34" text-anchor="middle" font-size="15" font-weight="700" fill="#1d232a">
        {strength}
      </text>
    </svg>
  );
}

/**
 * Stellar Skirmish: the pot at stake, every seat's score, claimed planets and
 * whether it has played this battle (never what), the viewer's fleet (a tap
 * plays a ship), and every battle fought so far.
 */
export function SkirmishBoard(props: Props) {
  const { view, seat, seats, legal, busy, act } = props;
  const [sent, setSent] = useState<number | null>(null);
  const name = (s: number) => (s === seat ? 'You' : seatName(seats, s));
  const playable = new Set(legal.map((a) => a.card));
  const play = (card: number) => {
    setSent(card);
    act({ type: 'play', card }).then(
      () => setSent(null),
      () => setSent(null),
    );
  };

  return (
    <div class="skirmish">
      <section class="pot" aria-label="At stake">
        <h2>
          At stake: {view.potTotalVp} VP{' '}
          <span class="muted">
            ({view.planetsLeftInDeck} planet{view.planetsLeftInDeck === 1 ? '' : 's'} face down)
          </span>
        </h2>
        <div class="planets">
          {view.pot.length === 0 ? (
            <p class="none">Nothing: every planet is gone.</p>
          ) : (
            view.pot.map((p) => <PlanetCard key={p.id} planet={p} size={80} />)
          )}
        </div>
        {view.pot.some((p) => p.abilities.length > 0) && (
          <ul class="abilities">
            {view.pot.flatMap((p) =>
              p.abilities.map((a, i) => (
                <li key={`${p.id}${i}`}>
                  {abilityMark(a)} {p.id}: {abilityText(a)}
                </li>
              )),
            )}
          </ul>
        )}
      </section>

      <section class="players" aria-label="Players">
        {view.players.map((player, s) => (
          <div key={s} class={`player${s === seat ? ' me' : ''}`} data-seat={s}>
            <div class="player-head">
              <strong>{name(s)}</strong> <span class="score">{player.score} VP</span>{' '}
              <span class="muted">
                {player.cardsInHand} ship{player.cardsInHand === 1 ? '' : 's'}
              </span>{' '}
              {!view.gameOver && (
                <span class={player.hasPlayed ? 'played' : 'choosing'}>
                  {player.hasPlayed ? 'has played' : 'choosing'}
                </span>
              )}
            </div>
            <div class="claimed">
              {player.claimedPlanets.map((p) => (
                <PlanetCard key={p.id} planet={p} size={36} />
              ))}
            </div>
          </div>
        ))}
      </section>

      {view.hand !== null && (
        <section class="fleet" aria-label="Your fleet">
          <h2>
            Your fleet{' '}
            {view.ownPlay !== null && !view.gameOver && (
              <span class="muted">you played {view.ownPlay}; waiting for the others</span>
            )}
          </h2>
          <div class="ships">
            {[...view.hand]
              .sort((a, b) => a - b)
              .map((card) => (
                <button
                  key={card}
                  type="button"
                  class={`ship${sent === card ? ' sent' : ''}`}
                  disabled={busy || !playable.has(card)}
                  aria-label={`Play ship ${card}`}
                  onClick={() => play(card)}
                >
                  <ShipIcon strength={card} />
                </button>
              ))}
          </div>
        </section>
      )}

      <section class="battles" aria-label="Battles">
        <h2>Battles</h2>
        {view.battles.length === 0 ? (
          <p class="none">None yet.</p>
        ) : (
          <table>
            <thead>
              <tr>
                <th>#</th>
                {view.players.map((_, s) => (
                  <th key={s}>{name(s)}</th>
                ))}
                <th>Result</th>
              </tr>
            </thead>
            <tbody>
              {view.battles.map((b, k) => (
                <tr key={k}>
                  <td>{k + 1}</td>
                  {b.cards.map((card, s) => (
                    <td key={s} class={b.winner === s ? 'won' : ''}>
                      {card}
                    </td>
                  ))}
                  <td>
                    {b.winner === null
                      ? `tie over ${b.pot.join(', ')}`
                      : `${name(b.winner)} took ${b.claimed.join(', ')}`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      {view.deck.length > 0 && (
        <section class="deck" aria-label="Planets face down">
          <h2>Face down ({view.deck.length})</h2>
          <p class="muted">{view.deck.map((p) => `${p.id} ${p.victoryPoints} VP`).join(' · ')}</p>
        </section>
      )}
    </div>
  );
}
