/**
 * The solver's figures for the skirmish README: the optimal first bid of the
 * smallest decks (a Markdown table, printed) and how the game's values change
 * with the deck size (an SVG plot, written to docs/solver-value.svg).
 *
 *   npx tsx --conditions=@tabula/source packages/skirmish/scripts/solver-figures.ts [largest N, default 9]
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type SkirmishSolution, solveSkirmish } from '../src/index.js';

const largest = Number(process.argv[2] ?? 9);

/**
 * Seat 0's chance of winning once it has won the first battle, both seats
 * having opened optimally (the first planet drawn at random): how much the
 * first battle decides. Also the chance that the first battle is a tie.
 */
function afterFirstBattle(solution: SkirmishSolution): { winnerValue: number | null; tie: number } {
  const ships = Array.from({ length: solution.ships }, (_, i) => i + 1);
  let won = 0;
  let wonValue = 0;
  let tie = 0;
  const planets = solution.planets;
  for (const opening of solution.openings) {
    const rest = [...planets];
    rest.splice(rest.indexOf(opening.planetVp), 1);
    for (const a of opening.strategy) {
      for (const b of opening.strategy) {
        const p = opening.probability * a.probability * b.probability;
        if (p === 0) continue;
        if (a.ship === b.ship) {
          tie += p;
          continue;
        }
        if (a.ship < b.ship) continue;
        // Seat 0 took the pot; the next planet is drawn.
        const hands = [ships.filter((s) => s !== a.ship), ships.filter((s) => s !== b.ship)] as const;
        let value = 0;
        if (rest.length === 0) value = solution.valueOf({ hands, deck: [], pot: 0, lead: opening.planetVp });
        for (const [i, v] of rest.entries()) {
          const deck = rest.filter((_, j) => j !== i);
          value += solution.valueOf({ hands, deck, pot: v, lead: opening.planetVp }) / rest.length;
        }
        won += p;
        wonValue += p * value;
      }
    }
  }
  // With one ship every first battle is a tie: there is no winner to value.
  return { winnerValue: won > 0 ? wonValue / won : null, tie };
}

interface Row {
  ships: number;
  value: number;
  winnerValue: number | null;
  tie: number;
  states: number;
}

const rows: Row[] = [];
const tables: string[] = [];
for (let ships = 1; ships <= largest; ships++) {
  const solution = solveSkirmish({ ships });
  rows.push({ ships, value: solution.value, ...afterFirstBattle(solution), states: solution.states });
  if (ships >= 2 && ships <= 6) {
    for (const o of solution.openings) {
      const cells = o.strategy.map((m) => (m.probability < 5e-4 ? '·' : m.probability.toFixed(3)));
      tables.push(`| ${ships} | ${o.planetVp} | ${cells.join(' | ')}${' | '.repeat(6 - ships)} |`);
    }
  }
}

console.log('| ships | pot (VP) | ship 1 | ship 2 | ship 3 | ship 4 | ship 5 | ship 6 |');
console.log('| ----- | -------- | ------ | ------ | ------ | ------ | ------ | ------ |');
for (const line of tables) console.log(line.replace(/\| {2}\|/g, '|  |'));
console.log();
console.log(
  '| ships | value at the start | value after winning the first battle | first battle tied | positions |',
);
console.log(
  '| ----- | ------------------ | ------------------------------------ | ----------------- | --------- |',
);
for (const r of rows) {
  console.log(
    `| ${r.ships} | ${r.value.toFixed(6)} | ${r.winnerValue?.toFixed(4) ?? '—'} | ${r.tie.toFixed(4)} | ${r.states} |`,
  );
}

// The plot: x the deck size, y a probability.
const width = 640;
const height = 360;
const left = 60;
const right = 180;
const top = 20;
const bottom = 50;
const x = (ships: number) => left + ((ships - 1) / Math.max(1, largest - 1)) * (width - left - right);
const y = (p: number) => top + (1 - p) * (height - top - bottom);
const series = [
  { name: 'value at the start', color: '#555', key: 'value' as const },
  { name: 'after winning battle 1', color: '#c0392b', key: 'winnerValue' as const },
  { name: 'battle 1 tied', color: '#2471a3', key: 'tie' as const },
];
const parts: string[] = [];
parts.push(
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif" font-size="12">`,
);
parts.push("<title>Two-player Stellar Skirmish solved: seat 0's chances against the deck size</title>");
parts.push(`<rect width="${width}" height="${height}" fill="white"/>`);
for (let tick = 0; tick <= 10; tick += 2) {
  const p = tick / 10;
  parts.push(`<line x1="${left}" x2="${width - right}" y1="${y(p)}" y2="${y(p)}" stroke="#ddd"/>`);
  parts.push(`<text x="${left - 8}" y="${y(p) + 4}" text-anchor="end">${p.toFixed(1)}</text>`);
}
for (const r of rows) {
  parts.push(`<text x="${x(r.ships)}" y="${height - bottom + 18}" text-anchor="middle">${r.ships}</text>`);
}
parts.push(
  `<text x="${(left + width - right) / 2}" y="${height - 10}" text-anchor="middle">ships per player (planets P1..PN of the default deck)</text>`,
);
parts.push(
  `<text x="14" y="${(top + height - bottom) / 2}" transform="rotate(-90 14 ${(top + height - bottom) / 2})" text-anchor="middle">probability (seat 0, optimal play)</text>`,
);
series.forEach((s, i) => {
  const shown = rows.flatMap((r) => {
    const v = r[s.key];
    return v === null ? [] : [`${x(r.ships).toFixed(1)},${y(v).toFixed(1)}`];
  });
  parts.push(`<polyline points="${shown.join(' ')}" fill="none" stroke="${s.color}" stroke-width="2"/>`);
  for (const point of shown) {
    const [cx, cy] = point.split(',');
    parts.push(`<circle cx="${cx}" cy="${cy}" r="3" fill="${s.color}"/>`);
  }
  const ly = top + 20 + i * 20;
  parts.push(
    `<line x1="${width - right + 12}" x2="${width - right + 32}" y1="${ly}" y2="${ly}" stroke="${s.color}" stroke-width="2"/>`,
  );
  parts.push(`<text x="${width - right + 38}" y="${ly + 4}">${s.name}</text>`);
});
parts.push('</svg>');
const out = fileURLToPath(new URL('../docs/solver-value.svg', import.meta.url));
writeFileSync(out, `${parts.join('\n')}\n`);
console.log(`\nwrote ${out}`);
