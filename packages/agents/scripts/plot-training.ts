/**
 * Draws the training curve (0-ply strength against pubeval over self-play
 * games, with 95% intervals) as an SVG, from the shipped weights' curve or a
 * checkpoint's.
 *
 *   npm run plot-training -w @tabula/agents -- [--checkpoint FILE] [--out FILE]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { TRAINED } from '../src/neural/weights-data.js';

const here = dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({
  options: {
    checkpoint: { type: 'string' },
    out: { type: 'string', default: join(here, '..', 'docs', 'training-curve.svg') },
  },
});

const curve: readonly (readonly [number, number, number])[] =
  values.checkpoint === undefined
    ? TRAINED.curve
    : (JSON.parse(readFileSync(values.checkpoint, 'utf8')) as { curve: [number, number, number][] }).curve;

const W = 720;
const H = 400;
const left = 70;
const right = 20;
const top = 40;
const bottom = 50;
const maxGames = Math.max(1, ...curve.map((c) => c[0]));
const lo = Math.min(-0.5, ...curve.map((c) => c[1] - c[2]));
const hi = Math.max(0.5, ...curve.map((c) => c[1] + c[2]));
const x = (g: number) => left + ((W - left - right) * g) / maxGames;
const y = (v: number) => top + ((H - top - bottom) * (hi - v)) / (hi - lo);
const parts: string[] = [];
parts.push('<title>0-ply strength against pubeval over self-play training games</title>');
parts.push(`<rect width="${W}" height="${H}" fill="white"/>`);
parts.push(
  `<text x="${W / 2}" y="22" text-anchor="middle" font-size="15">0-ply strength against pubeval during self-play training</text>`,
);
// Horizontal grid every 0.25 points.
for (let v = Math.ceil(lo * 4) / 4; v <= hi; v += 0.25) {
  parts.push(
    `<line x1="${left}" x2="${W - right}" y1="${y(v)}" y2="${y(v)}" stroke="${v === 0 ? '#333' : '#ddd'}"/>`,
  );
  parts.push(`<text x="${left - 6}" y="${y(v) + 4}" text-anchor="end" font-size="11">${v.toFixed(2)}</text>`);
}
const step = maxGames > 200000 ? 50000 : maxGames > 50000 ? 25000 : 10000;
for (let g = 0; g <= maxGames; g += step)
  parts.push(
    `<text x="${x(g)}" y="${H - bottom + 16}" text-anchor="middle" font-size="11">${g / 1000}k</text>`,
  );
parts.push(`<text x="${W / 2}" y="${H - 10}" text-anchor="middle" font-size="12">self-play games</text>`);
parts.push(
  `<text x="16" y="${H / 2}" text-anchor="middle" font-size="12" transform="rotate(-90 16 ${H / 2})">points per game (95% interval)</text>`,
);
for (const [g, v, e] of curve)
  parts.push(`<line x1="${x(g)}" x2="${x(g)}" y1="${y(v - e)}" y2="${y(v + e)}" stroke="#9bb"/>`);
parts.push(
  `<polyline fill="none" stroke="#07a" stroke-width="2" points="${curve.map(([g, v]) => `${x(g).toFixed(1)},${y(v).toFixed(1)}`).join(' ')}"/>`,
);
writeFileSync(
  values.out,
  `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" font-family="sans-serif">\n${parts.join('\n')}\n</svg>\n`,
);
console.log(`wrote ${values.out} (${curve.length} points)`);
