#!/usr/bin/env node
// The installed command runs the built package (npm run build).
import { main } from '../dist/main.js';

process.exitCode = await main(process.argv.slice(2));
