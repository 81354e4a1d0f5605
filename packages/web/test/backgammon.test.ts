import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { TableApi } from '@tabula/server/http-client';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWeb, type WebFixture } from './browser.js';

const SHOTS = fileURLToPath(new URL('../screenshots/', import.meta.url));

let web: WebFixture;
beforeAll(async () => {
  web = await openWeb();
  mkdirSync(SHOTS, { recursive: true });
}, 180_000);
afterAll(() => web?.close());

/** A one-game cubeless table against the random agent, sat at by the page as seat 1. */
async function sitAtNewTable(page: Page): Promise<void> {
  const table = await new TableApi(web.url).createTable({
    game: 'backgammon',
    config: { cube: false, length: 1, crawford: false },
    seats: [{ kind: 'person' }, { kind: 'agent', agent: 'random' }],
  });
  await page.goto(`${web.url}/#/table/${table.id}`);
  await page.getByRole('button', { name: 'Take a seat' }).click();
  await expect.poll(() => page.locator('.seat-line').textContent(), { timeout: 30_000 }).toContain('seat 1');
}

type Moment = 'over' | 'done' | 'move';

// Evaluated in the page (as text: the tests are typechecked without the DOM's types).
const MOMENT = `(() => {
  if (document.querySelector('.turn')?.textContent?.startsWith('Game over')) return 'over';
  const done = document.querySelector('.bg-done');
  if (done !== null && !done.disabled) return 'done';
  if (document.querySelector('.bg-zone.is-source') !== null) return 'move';
  return false;
})()`;

/** Waits until the game is over, a play is complete, or a checker can be moved. */
async function nextMoment(page: Page): Promise<Moment> {
  const handle = await page.waitForFunction(MOMENT, null, { timeout: 90_000, polling: 50 });
  return (await handle.jsonValue()) as Moment;
}

const seqOf = async (page: Page) => Number(await page.locator('.bg').getAttribute('data-seq'));

/** Done, then wait for the table to move on (the agent plays, our next roll comes). */
async function submit(page: Page): Promise<void> {
  const seq = await seqOf(page);
  await page.locator('.bg-done').click();
  await expect.poll(() => seqOf(page), { timeout: 60_000 }).toBeGreaterThan(seq);
}

/** One step by clicks: the furthest checker that can move, to the furthest spot it can reach. */
async function clickStep(page: Page): Promise<void> {
  await page.locator('.bg-zone.is-source').last().click();
  await page.locator('.bg-zone.is-target').last().click();
}

async function centreOf(page: Page, selector: string): Promise<{ x: number; y: number }> {
  const box = await page.locator(selector).last().boundingBox();
  if (box === null) throw new Error(`${selector} is not on the page`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

const madeText = (page: Page) =>
  page
    .locator('.bg-made')
    .textContent({ timeout: 1_000 })
    .catch(() => null);

describe('the backgammon board', () => {
  it('plays a whole cubeless game against the random agent by clicks, with a drag and an undo', async () => {
    const page = await web.page({ viewport: { width: 1100, height: 900 } });
    await sitAtNewTable(page);
    let turns = 0;
    let dragged = false;
    let undone = false;
    let shot = false;
    for (;;) {
      const moment = await nextMoment(page);
      if (moment === 'over') break;
      if (moment === 'done') {
        await submit(page);
        turns++;
        continue;
      }
      if (!undone) {
        // One step, then Undo: the board is back where the turn began.
        const before = await page.locator('.bg-svg').innerHTML();
        await clickStep(page);
        expect(await madeText(page)).toMatch(/Your move so far: \S+/);
        await page.getByRole('button', { name: 'Undo', exact: true }).click();
        expect(await madeText(page)).toBeNull();
        expect(await page.locator('.bg-svg').innerHTML()).toBe(before);
        undone = true;
        continue;
      }
      if (!dragged) {
        // One step by dragging the checker with the mouse.
        const from = await centreOf(page, '.bg-zone.is-source');
        await page.mouse.move(from.x, from.y);
        await page.mouse.down();
        const to = await centreOf(page, '.bg-zone.is-target');
        await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 4 });
        await page.mouse.move(to.x, to.y, { steps: 4 });
        await page.mouse.up();
        await expect.poll(() => madeText(page)).toMatch(/Your move so far: \S+/);
        dragged = true;
        continue;
      }
      if (!shot && turns >= 4) {
        await page.locator('.bg-zone.is-source').last().click();
        await page.screenshot({ path: `${SHOTS}backgammon.png`, fullPage: true });
        shot = true;
        await page.locator('.bg-zone.is-target').last().click();
        continue;
      }
      await clickStep(page);
    }
    expect(turns).toBeGreaterThan(5);
    expect(dragged && undone && shot).toBe(true);
    await expect
      .poll(() => page.locator('.bg-status').textContent())
      .toMatch(/wins? a (single game|gammon|backgammon)/);
    await expect.poll(() => page.locator('.bg-log li').count()).toBeGreaterThan(3);
  }, 600_000);

  it('moves by touch on a phone: a tap on a checker and a spot, and a drag', async () => {
    const page = await web.page({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await sitAtNewTable(page);
    let moment = await nextMoment(page);
    while (moment === 'done') {
      await submit(page);
      moment = await nextMoment(page);
    }
    expect(moment).toBe('move');
    await page.locator('.bg-zone.is-source').last().tap();
    await page.locator('.bg-zone.is-target').last().tap();
    await expect.poll(() => madeText(page)).toMatch(/Your move so far: \S+/);
    let before = await madeText(page);
    if ((await nextMoment(page)) !== 'move') {
      // The tap finished the play: take it back, to drag on the same turn.
      await page.getByRole('button', { name: 'Undo all' }).tap();
      before = null;
    }
    {
      // A touch drag, as a finger does it: start on the checker, slide, lift over the target.
      const cdp = await page.context().newCDPSession(page);
      const from = await centreOf(page, '.bg-zone.is-source');
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] });
      const to = await centreOf(page, '.bg-zone.is-target');
      for (let k = 1; k <= 5; k++)
        await cdp.send('Input.dispatchTouchEvent', {
          type: 'touchMove',
          touchPoints: [{ x: from.x + ((to.x - from.x) * k) / 5, y: from.y + ((to.y - from.y) * k) / 5 }],
        });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await expect.poll(() => madeText(page)).not.toBe(before);
      expect(await madeText(page)).toMatch(/Your move so far: \S+/);
    }
    await page.screenshot({ path: `${SHOTS}backgammon-phone.png`, fullPage: true });
    await page.getByRole('button', { name: 'Undo all' }).tap();
    expect(await madeText(page)).toBeNull();
  }, 300_000);
});
