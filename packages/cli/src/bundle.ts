import { fileURLToPath } from 'node:url';
import { TabulaError } from '@tabula/core';

/**
 * A worker thread's module graph from source, bundled into one JavaScript
 * module (esbuild, which tsx is built on), so that each worker loads plain
 * JavaScript instead of compiling every TypeScript file through a loader.
 */
export async function bundleFromSource(entry: URL): Promise<string> {
  try {
    const { build } = await import('esbuild');
    const { outputFiles } = await build({
      entryPoints: [fileURLToPath(entry)],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      conditions: ['@tabula/source'],
      write: false,
      logLevel: 'silent',
    });
    return outputFiles[0]?.text ?? '';
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new TabulaError('worker_failed', `the worker code could not be bundled from source: ${why}`);
  }
}
