#!/usr/bin/env node
// The installed command runs the built package (npm run build).
import { runCommandLine } from '../dist/main.js';

await runCommandLine();
