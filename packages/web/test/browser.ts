import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type TableServer } from '@tabula/server';
import { type Browser, chromium, type Page } from 'playwright-core';
import { buildClient } from '../scripts/start.js';

/** Debian's Chromium (`.ci/run` installs the package); Playwright's own download is not reachable here. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

export interface WebFixture {
  readonly server: TableServer;
  readonly browser: Browser;
  readonly url: string;
  /** A new page (its own context: its own localStorage, like another person's browser). */
  page(options?: {
    viewport?: { width: number; height: number };
    isMobile?: boolean;
    hasTouch?: boolean;
  }): Promise<Page>;
  close(): Promise<void>;
}

/**
 * The client built into a directory of its own, a server on an in-memory
 * database serving it, and a headless Chromium: what each end-to-end test
 * file starts once.
 */
export async function openWeb(): Promise<WebFixture> {
  const dir = mkdtempSync(join(tmpdir(), 'tabula-web-'));
  const web = await buildClient(join(dir, 'dist'));
  const server = await startServer({ db: ':memory:', port: 0, logger: false, web });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  return {
    server,
    browser,
    url: server.url,
    async page(options = {}) {
      const context = await browser.newContext(options);
      return context.newPage();
    },
    async close() {
      await browser.close();
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
