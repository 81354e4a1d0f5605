export {
  ConformanceError,
  type ConformanceOptions,
  type ConformanceReport,
  runConformance,
} from './conformance.js';
export { checkReadmeExamples, type ReadmeExample, readmeExamples, runExample } from './readme.js';
export { thrownBy } from './thrown.js';
