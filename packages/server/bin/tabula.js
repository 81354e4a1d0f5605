#!/usr/bin/env node
// The installed command runs the built package (npm run build): the cli's commands, serve, and play --server.
import { runFullCommandLine } from '../dist/main.js';

await runFullCommandLine();
