// Worker threads do not inherit the TypeScript loader: register it here when
// running from source (the built package starts worker.js directly).
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
