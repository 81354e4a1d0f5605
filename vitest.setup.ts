import fc from 'fast-check';

// `npm test` runs every property with one fixed seed, so a run is reproducible and CI is red only
// for a change; `TABULA_FUZZ_RUNS` hunts (random seeds unless TABULA_FUZZ_SEED names one), and a
// counterexample's seed goes back in TABULA_FUZZ_SEED to repeat it.
const seed = Number(process.env.TABULA_FUZZ_SEED);
if (Number.isSafeInteger(seed)) fc.configureGlobal({ seed });
else if (!process.env.TABULA_FUZZ_RUNS) fc.configureGlobal({ seed: 20261201 });
