import { afterAll, beforeAll, expect, it } from 'vitest';
import { openWeb, type WebFixture } from './browser.js';

let web: WebFixture;
beforeAll(async () => {
  web = await openWeb();
}, 120_000);
afterAll(() => web?.close());

it('the lobby creates a skirmish table against an agent and opens it as the seat', async () => {
  const page = await web.page();
  await page.goto(web.url);
  await page.getByLabel('Game').selectOption('skirmish');
  await page.getByRole('button', { name: 'Create and sit' }).click();
  await page.waitForURL(/#\/table\//);
  await expect.poll(() => page.locator('.seat-line').textContent()).toContain('seat 1');
});
