export {
  ConformanceError,
  type ConformanceOptions,
  type ConformanceReport,
  runConformance,
} from './conformance.js';
export {
  CALL_LIMIT_MS,
  checkPlaysOn,
  DEEP,
  deepCopy,
  deeplyNested,
  type ErrorClassName,
  errorProblem,
  FuzzError,
  fuzzRuns,
  type Guarded,
  type GuardOptions,
  garbage,
  garbageText,
  guarded,
  jsonProblem,
  LONG,
  MUTATIONS,
  type Mutation,
  mutate,
  type PlaysOnOptions,
  roundTrip,
  sameData,
  shortText,
  stuckProblem,
} from './fuzz.js';
export { checkReadmeExamples, type ReadmeExample, readmeExamples, runExample } from './readme.js';
export { thrownBy } from './thrown.js';
