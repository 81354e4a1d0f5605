export { type ReadmeExample, readmeExamples, runExample } from './readme.js';
