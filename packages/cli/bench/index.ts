// `npm run bench -w @tabula/cli`: the contract's overhead over the engines
// alone, games per second by worker threads, then the engine protocol's
// requests a second and an external agent's cost a game (see each file).
import { contractOverhead } from './overhead.js';
import { poolScaling } from './pool.js';
import { protocolBench } from './protocol.js';

await contractOverhead();
await poolScaling();
await protocolBench();
