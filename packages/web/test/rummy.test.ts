import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cardValue, isJokerString, Round, type RummyView } from '@tabula/rummy';
import { TableApi } from '@tabula/server/http-client';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openWeb, type WebFixture } from './browser.js';

const SCREENSHOTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');

/** How long a change may take to show on the loaded test machine. */
const SETTLE = { timeout: 15_000 };

let web: WebFixture;
let api: TableApi;
beforeAll(async () => {
  web = await openWeb();
  api = new TableApi(web.url);
  mkdirSync(SCREENSHOTS, { recursive: true });
}, 180_000);
afterAll(() => web?.close());

/**
 * A table of a short round against the solver agent: one deck, small hands,
 * nothing needed to open. The lobby offers no rules, so the table is made
 * through the server's HTTP API; the page then takes the seat as a person would.
 */
async function sitAtShortRound(page: Page): Promise<string> {
  const table = await api.createTable({
    game: 'rummy',
    config: { players: 2, rules: { decks: 1, jokers: 2, handSize: 9, openingPoints: 0 } },
    seats: [
      { kind: 'person', name: 'Ada' },
      { kind: 'agent', agent: 'solver' },
    ],
  });
  await page.goto(new URL(`#/table/${table.id}`, web.url).href);
  await page.getByRole('button', { name: 'Take a seat' }).click();
  await expect.poll(() => page.locator('.seat-line').textContent(), SETTLE).toContain('seat 1');
  return table.id;
}

/** The view the server sends this page's seat, read with the seat's own token. */
async function seatView(page: Page, id: string): Promise<RummyView> {
  const held = (await page.evaluate(`localStorage.getItem(${JSON.stringify(`tabula.seat.${id}`)})`)) as
    | string
    | null;
  const { token } = JSON.parse(held ?? '{}') as { token: string };
  return (await api.view(id, token)).view as RummyView;
}

/** Waits until it is the page's turn (the editor shows) or the round is over; true on its turn. */
async function myTurnOrOver(page: Page): Promise<boolean> {
  const turn = page.locator('.rummy-controls');
  const over = page.locator('.turn', { hasText: 'Game over' });
  await turn.or(over).first().waitFor({ timeout: 60_000 });
  return (await over.count()) === 0;
}

async function seqOf(page: Page): Promise<string | null> {
  return page.locator('.rummy').getAttribute('data-seq');
}

/** The centre of an element, in page pixels. */
async function centre(page: Page, selector: string): Promise<{ x: number; y: number }> {
  const box = await page.locator(selector).first().boundingBox();
  if (box === null) throw new Error(`${selector} is not shown`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

async function mouseDrag(page: Page, from: string, to: string): Promise<void> {
  const a = await centre(page, from);
  const b = await centre(page, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(a.x + 10, a.y - 10, { steps: 3 });
  await page.mouse.move(b.x, b.y, { steps: 8 });
  await page.mouse.up();
}

/** A finger drag, as the touch screen sends it (Chromium makes pointer events of it, pointerType touch). */
async function fingerDrag(page: Page, from: string, to: string): Promise<void> {
  const a = await centre(page, from);
  const b = await centre(page, to);
  const session = await page.context().newCDPSession(page);
  await session.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [a] });
  for (let step = 1; step <= 10; step++) {
    const point = { x: a.x + ((b.x - a.x) * step) / 10, y: a.y + ((b.y - a.y) * step) / 10 };
    await session.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point] });
  }
  await session.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await session.detach();
}

const verdictLine = (page: Page) => page.locator('.rummy-controls .verdict').textContent();

it('a whole round against the solver through the page: mouse drags, tap to move, the engine’s check, hints, draws', async () => {
  const page = await web.page({ viewport: { width: 1100, height: 820 } });
  const id = await sitAtShortRound(page);
  expect(await myTurnOrOver(page)).toBe(true);
  const handCards = page.locator('.hand .card');
  const held = await handCards.count();
  expect(held).toBe(9);

  // a mouse drag of a hand card to a new meld: one card is no meld, and the engine says why
  const first = await handCards.first().getAttribute('data-card');
  await mouseDrag(page, '.hand .card', '.new-meld');
  const fresh = page.locator('.meld.fresh');
  await expect.poll(() => fresh.locator('.card').count(), SETTLE).toBe(1);
  expect(await fresh.locator('.card').getAttribute('data-card')).toBe(first);
  expect(await handCards.count()).toBe(held - 1);
  expect(await verdictLine(page)).toMatch(/^Not playable: Invalid meld/);
  expect(await page.getByRole('button', { name: 'Play', exact: true }).isDisabled()).toBe(true);

  // a second card dragged onto that meld, a third tapped and then put there by tapping the meld's card
  await mouseDrag(page, '.hand .card', '.meld.fresh .card');
  await expect.poll(() => fresh.locator('.card').count(), SETTLE).toBe(2);
  await handCards.first().click();
  await fresh.locator('.card').first().click();
  await expect.poll(() => fresh.locator('.card').count(), SETTLE).toBe(3);

  // the page's verdict is the engine's on the same layout
  const view = await seatView(page, id);
  const layout = await page
    .locator('.rummy-table .meld:not(.new-meld)')
    .evaluateAll((melds) =>
      melds.map((m) => [...m.querySelectorAll('.card')].map((c) => c.getAttribute('data-card') ?? '')),
    );
  const outcome = Round.checkPlay(
    { table: view.table, hand: view.hand ?? [], opened: view.opened[0] === true, rules: view.rules },
    layout,
  );
  expect(await verdictLine(page)).toBe(
    outcome.ok ? 'Playable: lays 3 cards.' : `Not playable: ${outcome.message}`,
  );

  // with the keyboard: Enter on a card picks it up, Enter on "New meld" lays it there
  await handCards.first().focus();
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: '+ New meld' }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => fresh.count(), SETTLE).toBe(2);
  expect(await handCards.count()).toBe(held - 4);

  // Reset lays it all back
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect.poll(() => handCards.count(), SETTLE).toBe(held);
  expect(await fresh.count()).toBe(0);

  // the hand by value (jokers last), and back by suit; each order is a sort of the same cards
  const shown = () => handCards.evaluateAll((cards) => cards.map((c) => c.getAttribute('data-card') ?? ''));
  const rank = (card: string) => (isJokerString(card) ? 99 : cardValue(card));
  const bySuit = await shown();
  await page.getByRole('button', { name: 'Sort by value' }).click();
  await page.getByRole('button', { name: 'Sort by suit' }).waitFor(SETTLE);
  const byValue = await shown();
  expect(byValue.slice().sort()).toEqual(bySuit.slice().sort());
  expect(byValue.map(rank)).toEqual(byValue.map(rank).sort((a, b) => a - b));
  await page.getByRole('button', { name: 'Sort by suit' }).click();
  await expect.poll(shown, SETTLE).toEqual(bySuit);

  // then the round, to its end: the solver's hint when it has a play, else draw (or pass)
  let hinted = 0;
  let shot = false;
  const seen = new Set<string>();
  for (let turn = 0; turn < 200 && (await myTurnOrOver(page)); turn++) {
    const news = await page.locator('.rummy-news').textContent();
    if (news !== null) seen.add(news);
    const before = await seqOf(page);
    await page.getByRole('button', { name: 'Hint' }).click();
    const said = (await verdictLine(page)) ?? '';
    if (said.startsWith('The solver')) {
      hinted++;
      if (!shot && (await page.locator('.rummy-table .meld:not(.fresh):not(.new-meld)').count()) > 0) {
        await page.screenshot({ path: join(SCREENSHOTS, 'rummy.png') });
        shot = true;
      }
      await page.getByRole('button', { name: 'Play', exact: true }).click();
    } else {
      expect(said).toMatch(/^No play found: (draw|pass)\.$/);
      await page.getByRole('button', { name: /^(Draw|Pass)$/ }).click();
    }
    await expect.poll(() => seqOf(page), { timeout: 30_000 }).not.toBe(before);
  }
  const summary = await api.table(id);
  expect(summary.status).toBe('finished');
  expect(hinted).toBeGreaterThan(0);
  // the agent's plays were told: what it played or that it drew
  expect([...seen].some((line) => /^solver (played|drew|passed)/.test(line))).toBe(true);
  await expect.poll(() => page.locator('.rummy-news').textContent(), SETTLE).toMatch(/won the round/);
  const scores = await page
    .locator('.rummy-players .player')
    .evaluateAll((items) => items.map((li) => li.getAttribute('aria-label') ?? ''));
  expect(scores.every((label) => /score -?\d+/.test(label))).toBe(true);
  if (!shot) await page.screenshot({ path: join(SCREENSHOTS, 'rummy.png') });
}, 300_000);

it('on a phone (390x844) a finger drags a card to a new meld and back, and tap-then-tap moves one too', async () => {
  const page = await web.page({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await sitAtShortRound(page);
  expect(await myTurnOrOver(page)).toBe(true);
  const handCards = page.locator('.hand .card');
  const held = await handCards.count();
  const first = await handCards.first().getAttribute('data-card');

  await fingerDrag(page, '.hand .card', '.new-meld');
  const fresh = page.locator('.meld.fresh');
  await expect.poll(() => fresh.locator('.card').count(), SETTLE).toBe(1);
  expect(await fresh.locator('.card').getAttribute('data-card')).toBe(first);
  expect(await handCards.count()).toBe(held - 1);
  expect(await verdictLine(page)).toMatch(/^Not playable: Invalid meld/);

  // tap a card, then tap the meld's card: it joins the meld
  await handCards.first().tap();
  await expect.poll(() => page.locator('.hand .card.selected').count(), SETTLE).toBe(1);
  await fresh.locator('.card').first().tap();
  await expect.poll(() => fresh.locator('.card').count(), SETTLE).toBe(2);
  await page.screenshot({ path: join(SCREENSHOTS, 'rummy-phone.png'), fullPage: true });

  // and a finger drags them back to the hand
  await fingerDrag(page, '.meld.fresh .card', '.hand');
  await expect.poll(() => fresh.locator('.card').count(), SETTLE).toBe(1);
  await fingerDrag(page, '.meld.fresh .card', '.hand');
  await expect.poll(() => handCards.count(), SETTLE).toBe(held);
  expect(await fresh.count()).toBe(0);
}, 300_000);

it('a refusal from the server shows above the board, and the board keeps the player’s layout', async () => {
  const page = await web.page({ viewport: { width: 1100, height: 820 } });
  // Between the page and the server, every action the page sends becomes a pass, which the
  // engine refuses while the stock has cards: a refusal the page's own check cannot foresee.
  await page.routeWebSocket(/\/tables\/[^/]+\/ws$/, (socket) => {
    const server = socket.connectToServer();
    socket.onMessage((message) => {
      const sent = JSON.parse(String(message)) as { type: string; action?: unknown };
      if (sent.type === 'act') sent.action = { type: 'pass' };
      server.send(JSON.stringify(sent));
    });
  });
  await sitAtShortRound(page);
  expect(await myTurnOrOver(page)).toBe(true);
  const held = await page.locator('.hand .card').count();
  await page.getByRole('button', { name: 'Hint' }).click();
  const hinted = ((await verdictLine(page)) ?? '').startsWith('The solver');
  const laid = await page.locator('.meld.fresh .card').count();
  await page.getByRole('button', { name: hinted ? 'Play' : 'Draw', exact: true }).click();
  const alert = page.getByRole('alert');
  await expect
    .poll(() => alert.textContent(), SETTLE)
    .toBe('Refused: Cannot pass while the stock is not empty: play or draw.');
  // the board is still there, the turn still the page's, the layout as it was
  expect(await page.locator('.rummy-controls').isVisible()).toBe(true);
  expect(await page.locator('.meld.fresh .card').count()).toBe(laid);
  expect(await page.locator('.hand .card').count()).toBe(held - laid);
  expect(await alert.isVisible()).toBe(true);
}, 300_000);

it('a spectator is told no card of any hand: not in the page, not in a WebSocket frame', async () => {
  const table = await api.createTable({
    game: 'rummy',
    config: { players: 2, rules: { decks: 1, jokers: 2, handSize: 9, openingPoints: 0 } },
    seats: [
      { kind: 'person', name: 'Ada' },
      { kind: 'agent', agent: 'solver' },
    ],
  });
  const spectator = await web.page({ viewport: { width: 1100, height: 820 } });
  const frames: string[] = [];
  spectator.on('websocket', (socket) =>
    socket.on('framereceived', (frame) => frames.push(String(frame.payload))),
  );
  await spectator.goto(new URL(`#/watch/${table.id}`, web.url).href);
  await expect.poll(() => spectator.locator('.seat-line').textContent(), SETTLE).toContain('Watching');
  // The spectator's socket is open and told the table as it is before anyone plays.
  await expect
    .poll(() => frames.filter((f) => f.includes('"type":"update"')).length, SETTLE)
    .toBeGreaterThan(0);

  // Ada plays through the HTTP API: each turn the solver's play when there is one, else the first action.
  const { token } = await api.join(table.id, { seat: 0 });
  let update = await api.view(table.id, token);
  for (let turns = 0; turns < 6 && update.status === 'running'; ) {
    if (update.toAct.includes(0)) {
      const legal = update.legal as { type: string }[];
      const action = legal.find((a) => a.type === 'play') ?? legal[0];
      await api.submit(table.id, token, update.seq, action);
      turns += 1;
    } else await new Promise((resolve) => setTimeout(resolve, 100));
    update = await api.view(table.id, token);
  }
  // The agent's answer, then nothing moves until Ada acts.
  while (update.status === 'running' && !update.toAct.includes(0)) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    update = await api.view(table.id, token);
  }
  const seq = update.seq;
  expect(seq).toBeGreaterThan(4);
  await expect.poll(() => spectator.locator('.rummy').getAttribute('data-seq'), SETTLE).toBe(String(seq));

  // With one deck every card is unique, and a card in a hand now has never been on the table:
  // so none of Ada's cards may be anywhere the spectator was told.
  const hand = (update.view as RummyView).hand ?? [];
  expect(hand.length).toBeGreaterThan(0);
  const updates = frames.map((f) => JSON.parse(f) as { type: string; view?: RummyView; legal?: unknown[] });
  const views = updates.filter((m) => m.type === 'update');
  expect(views.length).toBeGreaterThan(1);
  for (const m of views) {
    expect(m.view?.hand).toBeNull();
    expect(m.legal).toEqual([]);
  }
  for (const card of hand) for (const frame of frames) expect(frame).not.toContain(`"${card}"`);
  expect(await spectator.locator('.rummy-hand-area').count()).toBe(0);
  const shown = await spectator
    .locator('[data-card]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-card')));
  const onTable = (views.at(-1)?.view?.table ?? []).flatMap((meld) => [...meld.cards]);
  expect(shown.slice().sort()).toEqual(onTable.map(String).sort());
  for (const card of hand) expect(shown).not.toContain(card);
}, 300_000);
