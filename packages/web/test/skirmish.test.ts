import { mkdirSync } from 'node:fs';
import { TableApi } from '@tabula/server/http-client';
import type { Update } from '@tabula/server/schemas';
import type { SkirmishView } from '@tabula/skirmish';
import type { Page, WebSocket as PageSocket } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openWeb, type WebFixture } from './browser.js';

const SHOTS = new URL('../screenshots/', import.meta.url).pathname;
const LONG = 300_000;

let web: WebFixture;
let api: TableApi;
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  web = await openWeb();
  api = new TableApi(web.url);
}, 180_000);
afterAll(() => web?.close());

/** Creates a skirmish table in the lobby, seat 2 an agent or a friend, and sits at seat 1; returns the table's id. */
async function createSkirmish(page: Page, seat2: 'agent' | 'friend'): Promise<string> {
  await page.goto(web.url);
  await page.getByLabel('Game').selectOption('skirmish');
  if (seat2 === 'friend') await page.getByLabel('Seat 2', { exact: true }).selectOption('friend');
  await page.getByRole('button', { name: 'Create and sit' }).click();
  await page.waitForURL(/#\/table\//);
  await expect.poll(() => page.locator('.seat-line').textContent()).toContain('seat 1');
  return new URL(page.url()).hash.split('/')[2] as string;
}

const battleRows = (page: Page) => page.locator('.battles tbody tr').count();

/** Plays the weakest ship the page offers, once one is offered; false once the game is over. */
async function playWeakest(page: Page, how: 'click' | 'tap' = 'click'): Promise<boolean> {
  await page.locator('.outcome, .ship:not([disabled])').first().waitFor({ timeout: 60_000 });
  if ((await page.locator('.outcome').count()) > 0) return false;
  const before = await page.locator('.ship').count();
  // A tap can meet a stale position (the agent played a moment before): the page says so, and the next try goes through.
  const ship = page.locator('.ship:not([disabled])').first();
  await (how === 'tap' ? ship.tap({ timeout: 5_000 }) : ship.click({ timeout: 5_000 })).catch(
    () => undefined,
  );
  await expect
    .poll(
      async () =>
        (await page.locator('.ship').count()) < before ||
        (await page.locator('.outcome').count()) > 0 ||
        (await page.locator('.fleet .muted').count()) > 0 ||
        (await page.locator('[role=alert]').count()) > 0,
      { timeout: 30_000 },
    )
    .toBe(true);
  return true;
}

/** Every view a socket was sent, read from its frames. */
function updatesIn(frames: readonly string[]): Update[] {
  return frames
    .map((f) => JSON.parse(f) as { type: string })
    .filter((m): m is Update & { type: 'update' } => m.type === 'update');
}

/** Records the frames a page's table sockets receive (reconnects included). */
function recordFrames(page: Page): string[] {
  const frames: string[] = [];
  page.on('websocket', (socket: PageSocket) =>
    socket.on('framereceived', (frame) => frames.push(String(frame.payload))),
  );
  return frames;
}

/** A view shows a seat nothing of the others' hands or pending ships: only counts and whether each has played. */
function expectNothingHidden(update: Update, seat: number | null, own: ReadonlySet<number>): void {
  const view = update.view as SkirmishView;
  for (const player of view.players)
    expect(Object.keys(player).sort()).toEqual(['cardsInHand', 'claimedPlanets', 'hasPlayed', 'score']);
  if (seat === null) {
    expect(view.hand).toBeNull();
    expect(view.ownPlay).toBeNull();
    expect(view.legalCards).toEqual([]);
    expect(update.legal).toEqual([]);
  } else if (view.ownPlay !== null) expect(own.has(view.ownPlay)).toBe(true);
  expect(Object.keys(view).sort()).toEqual(
    [
      'battles',
      'deck',
      'endReason',
      'gameOver',
      'hand',
      'legalCards',
      'ownPlay',
      'playerCount',
      'players',
      'pot',
      'potTotalVp',
      'planetsLeftInDeck',
      'viewer',
      'winners',
    ].sort(),
  );
}

let finishedTable = '';

it(
  'a full game through the page against an agent, reloaded mid-game, to its outcome',
  async () => {
    const page = await web.page({ viewport: { width: 1100, height: 900 } });
    const table = await createSkirmish(page, 'agent');
    await expect.poll(() => page.locator('.badge').textContent()).toBe('connected');
    while ((await battleRows(page)) < 4) await playWeakest(page);
    await page.screenshot({ path: `${SHOTS}skirmish.png`, fullPage: true });

    // A reload continues as the same seat, where the game was.
    const fought = await battleRows(page);
    await page.reload();
    await expect.poll(() => page.locator('.seat-line').textContent()).toContain('seat 1');
    await expect.poll(() => battleRows(page)).toBeGreaterThanOrEqual(fought);
    await expect.poll(() => page.locator('.badge').textContent()).toBe('connected');

    while (await playWeakest(page));
    await expect.poll(() => page.locator('.turn').textContent()).toMatch(/^Game over/);
    expect(await battleRows(page)).toBe(15);
    const summary = await api.table(table);
    expect(summary.status).toBe('finished');
    const outcome = await page.locator('.outcome').textContent();
    for (const score of summary.outcome?.scores ?? []) expect(outcome).toContain(`: ${score}`);
    await expect.poll(() => page.locator('.narration').textContent()).toContain('The game is over.');
    finishedTable = table;
    await page.getByRole('link', { name: 'Replay this game' }).click();
    await page.waitForURL(/#\/replay\//);
  },
  LONG,
);

it(
  'the replay steps through the finished game from position 0 with the slider, buttons and arrow keys',
  async () => {
    // The game of the first test, or (run alone) a game two agents play out.
    if (finishedTable === '') {
      const { id } = await api.createTable({
        game: 'skirmish',
        seats: [
          { kind: 'agent', agent: 'random' },
          { kind: 'agent', agent: 'random' },
        ],
      });
      await expect.poll(async () => (await api.table(id)).status, { timeout: 120_000 }).toBe('finished');
      finishedTable = id;
    }
    const page = await web.page({ viewport: { width: 1100, height: 900 } });
    await page.goto(`${web.url}/#/replay/${finishedTable}`);
    const last = (await api.table(finishedTable)).seq;
    await expect.poll(() => page.locator('.replay-at').textContent()).toBe(`0 / ${last}`);
    expect(await battleRows(page)).toBe(0);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.locator('.replay-at').textContent()).toBe(`1 / ${last}`);
    await page.getByRole('button', { name: 'Next position' }).click();
    await expect.poll(() => page.locator('.replay-at').textContent()).toBe(`2 / ${last}`);
    // Two ships in: the first battle is fought.
    expect(await battleRows(page)).toBe(1);
    expect(await page.locator('.narration').textContent()).toMatch(/^Battle 1: /);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => battleRows(page)).toBe(0);
    const slider = page.getByRole('slider', { name: 'Position' });
    await slider.focus();
    await slider.press('Home');
    await expect.poll(() => page.locator('.replay-at').textContent()).toBe(`0 / ${last}`);
    for (let k = 0; k < Math.floor(last / 2); k++) await slider.press('ArrowRight');
    await expect
      .poll(() => page.locator('.replay-at').textContent())
      .toBe(`${Math.floor(last / 2)} / ${last}`);
    await page.screenshot({ path: `${SHOTS}replay.png`, fullPage: true });
    await page.keyboard.press('End');
    await expect.poll(() => battleRows(page)).toBe(15);
    // A replay shows no fleet: nobody's hand.
    expect(await page.locator('.fleet').count()).toBe(0);
  },
  LONG,
);

it(
  'a stale submission from a second tab of the seat is refused with the server reason; a spectator is told no hidden card',
  async () => {
    const tabA = await web.page();
    const framesA = recordFrames(tabA);
    const table = await createSkirmish(tabA, 'friend');
    await expect.poll(() => tabA.locator('.invite input').inputValue()).toContain(`#/table/${table}`);

    // The same browser (its localStorage holds the seat), a second tab whose updates are held back.
    const tabB = await tabA.context().newPage();
    let hold = false;
    const held: string[] = [];
    let toPage: ((message: string) => void) | null = null;
    await tabB.routeWebSocket(/\/ws$/, (ws) => {
      const server = ws.connectToServer();
      toPage = (m) => ws.send(m);
      ws.onMessage((m) => server.send(m));
      server.onMessage((m) => {
        if (hold && String(m).includes('"type":"update"')) held.push(String(m));
        else ws.send(m);
      });
    });
    await tabB.goto(`${web.url}/#/table/${table}`);
    await expect.poll(() => tabB.locator('.seat-line').textContent()).toContain('seat 1');

    const spectator = await web.page();
    const framesS = recordFrames(spectator);
    await spectator.goto(`${web.url}/#/watch/${table}`);
    await expect.poll(() => spectator.locator('.seat-line').textContent()).toContain('Watching');

    // The friend takes seat 2 (over HTTP): the game starts.
    const friend = await api.join(table, { seat: 1, name: 'Friend' });
    await expect
      .poll(() => tabB.getByRole('button', { name: 'Play ship 7', exact: true }).isEnabled())
      .toBe(true);
    await expect
      .poll(() => tabA.getByRole('button', { name: 'Play ship 5', exact: true }).isEnabled())
      .toBe(true);
    hold = true;
    await tabA.getByRole('button', { name: 'Play ship 5', exact: true }).click();
    await expect.poll(() => tabA.locator('.fleet .muted').textContent()).toContain('you played 5');
    await tabB.getByRole('button', { name: 'Play ship 7', exact: true }).click();
    await expect
      .poll(() => tabB.getByRole('alert').textContent())
      .toContain(`Refused: Table ${table} is at action 1, not 0`);
    hold = false;
    for (const m of held.splice(0)) (toPage as ((message: string) => void) | null)?.(m);
    await expect.poll(() => tabB.locator('.fleet .muted').textContent()).toContain('you played 5');

    // The spectator sees that seat 1 has played, not what; then the friend plays and the battle is public.
    await expect.poll(() => spectator.locator('[data-seat="0"] .played').count()).toBe(1);
    expect(await spectator.locator('.fleet').count()).toBe(0);
    expect(await spectator.locator('body').textContent()).not.toContain('you played');
    const seq = (await api.view(table, friend.token)).seq;
    await api.submit(table, friend.token, seq, { type: 'play', card: 13 });
    await expect.poll(() => battleRows(spectator)).toBe(1);
    expect(await spectator.locator('.battles tbody tr').first().textContent()).toContain('5');
    // A second battle: the friend plays first; neither page is told the ship.
    await api.submit(table, friend.token, seq + 1, { type: 'play', card: 2 });
    await expect.poll(() => spectator.locator('[data-seat="1"] .played').count()).toBe(1);
    await expect.poll(() => tabA.locator('[data-seat="1"] .played').count()).toBe(1);

    const watched = updatesIn(framesS);
    expect(watched.length).toBeGreaterThanOrEqual(3);
    for (const update of watched) expectNothingHidden(update, null, new Set());
    const seen = updatesIn(framesA);
    expect(seen.length).toBeGreaterThanOrEqual(3);
    for (const update of seen) expectNothingHidden(update, 0, new Set([5]));
    // The friend's pending 2 reached nobody but the friend.
    const pending = watched.at(-1)?.view as SkirmishView;
    expect(pending.players[1]?.hasPlayed).toBe(true);
    expect(pending.battles).toHaveLength(1);
  },
  LONG,
);

it(
  'after the server drops the socket the page says so, reconnects by itself and catches up',
  async () => {
    const page = await web.page();
    let down = false;
    await page.routeWebSocket(/\/ws$/, (ws) => {
      // While the server is "down", a new socket is closed at once; otherwise it goes through.
      if (down) ws.close({ code: 1011, reason: 'down' });
      else ws.connectToServer();
    });
    const table = await createSkirmish(page, 'friend');
    const friend = await api.join(table, { seat: 1 });
    await expect.poll(() => page.locator('.badge').textContent()).toBe('connected');
    await expect
      .poll(() => page.getByRole('button', { name: 'Play ship 1', exact: true }).isEnabled())
      .toBe(true);
    const mine = JSON.parse(
      (await page.evaluate(`window.localStorage.getItem('tabula.seat.${table}')`)) ?? 'null',
    ) as { token: string };

    down = true;
    const sockets = (
      web.server.app as unknown as { websocketServer: { clients: Set<{ terminate(): void }> } }
    ).websocketServer.clients;
    for (const socket of sockets) socket.terminate();
    await expect.poll(() => page.locator('.badge').textContent()).toBe('reconnecting…');

    // While the page is away, a battle is fought: both seats play over HTTP.
    await api.submit(table, mine.token, 0, { type: 'play', card: 9 });
    await api.submit(table, friend.token, 1, { type: 'play', card: 4 });
    expect(await battleRows(page)).toBe(0);

    down = false;
    await expect.poll(() => page.locator('.badge').textContent(), { timeout: 30_000 }).toBe('connected');
    await expect.poll(() => battleRows(page)).toBe(1);
    expect(await page.locator('.battles tbody tr').first().textContent()).toContain('You took');
    await expect.poll(() => page.locator('.narration').textContent()).toContain('Battle 1');
    expect(await page.getByRole('button', { name: 'Play ship 9', exact: true }).count()).toBe(0);
    // And the page plays on.
    await page.getByRole('button', { name: 'Play ship 3', exact: true }).click();
    await expect.poll(() => page.locator('.fleet .muted').textContent()).toContain('you played 3');
  },
  LONG,
);

it(
  'on a phone-sized screen (390x844) the board fits and a tap plays a ship',
  async () => {
    const page = await web.page({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await createSkirmish(page, 'agent');
    while ((await battleRows(page)) < 3) await playWeakest(page, 'tap');
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${SHOTS}skirmish-phone.png`, fullPage: true });
  },
  LONG,
);

it(
  'the lobby lists open, running and finished tables with their links',
  async () => {
    // A table waiting for a friend, so that every list has one.
    await api.createTable({ game: 'rummy', seats: [{ kind: 'person' }, { kind: 'person' }] });
    const page = await web.page({ viewport: { width: 1000, height: 900 } });
    await page.goto(web.url);
    await expect.poll(() => page.getByRole('link', { name: 'Join' }).count()).toBeGreaterThan(0);
    await page.getByLabel('Game').selectOption('skirmish');
    await page.getByLabel('Players').selectOption('3');
    await page.getByLabel('Seat 3', { exact: true }).selectOption('friend');
    await expect.poll(() => page.locator('.seat-choice').count()).toBe(2);
    await expect.poll(() => page.getByRole('link', { name: 'Replay' }).count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByRole('link', { name: 'Watch' }).count()).toBeGreaterThan(0);
    await page.screenshot({ path: `${SHOTS}lobby.png`, fullPage: true });
    await page.getByLabel('Game').selectOption('backgammon');
    expect(await page.getByLabel('Players').count()).toBe(0);
    await page.getByLabel('Match to').selectOption('5');
    await page.getByRole('button', { name: 'Create and sit' }).click();
    await page.waitForURL(/#\/table\//);
    const id = new URL(page.url()).hash.split('/')[2] as string;
    // The match length reached the server: the view of a match carries its score.
    await expect.poll(async () => ((await api.view(id)).view as { match?: unknown }).match).toBeDefined();
  },
  LONG,
);
