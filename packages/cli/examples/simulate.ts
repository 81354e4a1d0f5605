import assert from 'node:assert/strict';
import { main, roundRobin, standingsTable } from '@tabula/cli';

// The command line, from code: the same arguments as `tabula simulate ...`.
const lines: string[] = [];
const code = await main(
  ['simulate', 'skirmish', '--agents', 'bidder,random', '--games', '50', '--seed', '1', '--workers', '0'],
  (line) => lines.push(line),
);
console.log(lines.join('\n'));
assert.equal(code, 0);

// A round robin with ratings, as `tabula tournament` prints it.
const standings = await roundRobin('skirmish', ['random', 'bidder'], 20, 1, 0);
console.log(standingsTable(standings));
assert.equal(standings[0]?.agent, 'bidder');
