import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GameAnalysisSchema } from '@tabula/agents';
import { main } from '@tabula/cli';
import { matches } from '@tabula/core';

// A game saved as `tabula simulate --out` saves it...
const results = join(mkdtempSync(join(tmpdir(), 'tabula-')), 'results.jsonl');
const simulate = ['simulate', 'backgammon', '--agents', 'heuristic,random', '--games', '1', '--seed', '1'];
await main([...simulate, '--workers', '0', '--out', results], () => {});

// ...analysed as `tabula analyse results.jsonl` prints it: a line a decision, then a table a seat.
const text: string[] = [];
assert.equal(await main(['analyse', results], (line) => text.push(line)), 0);
console.log(text.join('\n'));

// With --json, the analysis as data (GameAnalysisSchema).
const json: string[] = [];
await main(['analyse', results, '--json'], (line) => json.push(line));
const analysis: unknown = JSON.parse(json.join('\n'));
if (!matches(GameAnalysisSchema, analysis)) throw new Error('not an analysis');
const random = analysis.players.find((p) => p.player === 'random');
assert.ok((random?.blunders ?? 0) > 0);
