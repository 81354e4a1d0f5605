// Move generation alone: `npx tsx --conditions=@tabula/source packages/backgammon/bench/moves.ts`
// (`npm run bench` runs it too, with everything else).
import { Bench } from 'tinybench';
import { addLegalPlaysBench, compareWithNaive } from './legal-plays.js';

const bench = new Bench({ time: 1000 });
addLegalPlaysBench(bench);
await bench.run();
console.table(bench.table());
compareWithNaive();
