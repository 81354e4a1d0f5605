import assert from 'node:assert/strict';
import { createRng } from '@tabula/core';

// Everything random in Tabula comes from a seed.
const rng = createRng(2026);
const roll = [rng.int(1, 6), rng.int(1, 6)];

// The generator's state is plain JSON: save it with the game, resume later.
const saved = JSON.stringify(rng.save());
const later = createRng(JSON.parse(saved));
assert.deepEqual([later.int(1, 6), later.int(1, 6)], [rng.int(1, 6), rng.int(1, 6)]);
console.log('rolled', roll, 'then both generators agree');
