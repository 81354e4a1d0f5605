// `npm run bench -w @tabula/cli`: the contract's overhead over the engines
// alone, then games per second by worker threads (see each file).
import { contractOverhead } from './overhead.js';
import { poolScaling } from './pool.js';

await contractOverhead();
await poolScaling();
