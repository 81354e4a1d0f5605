import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['@tabula/source'] },
  ssr: { resolve: { conditions: ['@tabula/source'] } },
  test: {
    include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'examples/**/*.test.ts'],
    testTimeout: 60_000,
    setupFiles: ['./vitest.setup.ts'],
  },
});
