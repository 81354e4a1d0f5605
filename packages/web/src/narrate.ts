import type { BackgammonView, LogEntry } from '@tabula/backgammon';
import type { RummyView } from '@tabula/rummy';
import type { SkirmishPlanet, SkirmishView } from '@tabula/skirmish';

/** A seat's label for people ("Ann", "bidder (agent)", "you"). */
export type NameOf = (seat: number) => string;

/**
 * What happened between two positions of a table, in one line for people:
 * the narration the table page reads out (aria-live). A pure function of the
 * two views a seat (or a spectator) was shown, so it says nothing the viewer
 * was not told. `before` is null for the first position seen.
 */
export function narrate(game: string, before: unknown, after: unknown, nameOf: NameOf): string {
  switch (game) {
    case 'skirmish':
      return narrateSkirmish(before as SkirmishView | null, after as SkirmishView, nameOf);
    case 'backgammon':
      return narrateBackgammon(before as BackgammonView | null, after as BackgammonView);
    case 'rummy':
      return narrateRummy(before as RummyView | null, after as RummyView, nameOf);
    default:
      return '';
  }
}

const planetsText = (planets: readonly SkirmishPlanet[]) =>
  planets.map((p) => `${p.id} (${p.victoryPoints} VP)`).join(', ');

function narrateSkirmish(before: SkirmishView | null, after: SkirmishView, nameOf: NameOf): string {
  const lines: string[] = [];
  const fought = before === null ? after.battles.length - 1 : before.battles.length;
  for (let k = Math.max(0, fought); k < after.battles.length; k++) {
    const battle = after.battles[k];
    if (battle === undefined) continue;
    const cards = battle.cards.map((card, seat) => `${nameOf(seat)} ${card}`).join(', ');
    const result =
      battle.winner === null
        ? 'a tie: the stakes carry over'
        : `${nameOf(battle.winner)} took ${battle.claimed.length > 0 ? battle.claimed.join(', ') : 'nothing'}`;
    lines.push(`Battle ${k + 1}: ${cards}; ${result}.`);
  }
  if (before !== null && lines.length === 0)
    after.players.forEach((player, seat) => {
      if (player.hasPlayed && before.players[seat]?.hasPlayed === false)
        lines.push(`${nameOf(seat)} has played a ship.`);
    });
  if (after.gameOver) lines.push('The game is over.');
  else if (lines.length > 0 || before === null)
    if (!after.players.some((p) => p.hasPlayed))
      lines.push(`At stake: ${planetsText(after.pot)}, ${after.potTotalVp} VP.`);
  return lines.join(' ');
}

function narrateBackgammon(before: BackgammonView | null, after: BackgammonView): string {
  const seen = new Set((before?.recent ?? []).map(entryKey));
  const fresh = after.recent.filter((entry) => !seen.has(entryKey(entry)));
  const shown = before === null ? after.recent.slice(-1) : fresh;
  return shown.map((entry) => entry.text).join(' ');
}

/** The log has no ids; an entry's fields tell it apart from its neighbours well enough for a narration. */
const entryKey = (entry: LogEntry) => JSON.stringify(entry);

function narrateRummy(before: RummyView | null, after: RummyView, nameOf: NameOf): string {
  const lines: string[] = [];
  if (before !== null && before.current !== null) {
    const seat = before.current;
    const drew = after.stockCount < before.stockCount;
    const tableChanged = JSON.stringify(after.table) !== JSON.stringify(before.table);
    if (tableChanged) {
      const laid = (before.handSizes[seat] ?? 0) - (after.handSizes[seat] ?? 0);
      lines.push(`${nameOf(seat)} played ${laid} card${laid === 1 ? '' : 's'} to the table.`);
    }
    if (drew) lines.push(`${nameOf(seat)} drew a card.`);
    else if (after.passes > before.passes) lines.push(`${nameOf(seat)} passed.`);
  }
  if (after.status === 'over' && after.winner !== null) lines.push(`${nameOf(after.winner)} went out.`);
  else if (after.current !== null && after.current !== before?.current)
    lines.push(`${nameOf(after.current)} to play.`);
  return lines.join(' ');
}
