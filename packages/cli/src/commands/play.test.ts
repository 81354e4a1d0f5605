import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type AnyGame, type GameRecord, GameRecordSchema, parseWith, replay } from '@tabula/core';
import { cardText, type RummyState } from '@tabula/rummy';
import { describe, expect, it } from 'vitest';
import { tabula, workDir } from '../../test/tabula.js';
import { SHOWN_ACTIONS } from '../human.js';
import { GAMES } from '../registry.js';
import { winnersText } from '../text.js';

const work = workDir();

/**
 * Checks that everything `tabula play` printed to the person at `seat` is
 * derivable from what that seat may know at the time it was printed: the
 * lines of the seat's own views (rendered, alone or against the seat's view
 * when it was asked before) of every state so far, the
 * seat's own legal actions as listed when it is asked, and fixed lines that
 * carry nothing secret (the greeting, "bidder (seat 0) has played.", the
 * result once the game is over, the goodbye). The states come from replaying
 * the record the game saved; the output is cut at each "> " question, so
 * the part before the k-th question may use only the states up to the k-th
 * time the seat was asked.
 */
function expectOnlyWhatTheSeatSees(gameId: string, seat: number, stdout: string, record: GameRecord): number {
  const game = GAMES[gameId];
  if (game?.render === undefined) throw new Error(`${gameId} draws no views`);
  const render = game.render.bind(game);
  const states = replay(game, record);
  const last = states.length - 1;
  const names = record.players ?? [];
  // The state each question was asked in: before each of the seat's actions, and at the end if it quit.
  const asked = record.actions.flatMap((a, i) => (a.seat === seat ? [i] : []));
  if (game.outcome(states[last]) === null) asked.push(last);
  const parts = stdout.split(/^> /m);

  const known = new Set<string>();
  let seen = 0;
  let checked = 0;
  // Which question the part leads to: the next one after an accepted answer, the same one after a refusal.
  let question = -1;
  for (const [k, part] of parts.entries()) {
    const lines = part.split('\n');
    if (lines.at(-1) === '') lines.pop();
    const refused = k > 0 && lines.length > 0 && lines.every((line) => line.startsWith('Not accepted: '));
    if (!refused) question++;
    const asking = asked[question];
    const upTo = asking ?? last;
    for (; seen <= upTo; seen++)
      for (const line of render(game.view(states[seen], seat)).split('\n')) known.add(line);
    // The view asked in (or the last), drawn against the one the seat was asked in before: what changed for it.
    const before = asked[question - 1];
    if (before !== undefined) {
      const drawn = render(game.view(states[upTo], seat), game.view(states[before], seat));
      for (const line of drawn.split('\n')) known.add(line);
    }
    const askedIn = asking === undefined ? undefined : states[asking];
    const legal = askedIn === undefined ? [] : game.legalActions(askedIn, seat);
    const listed = new Set(legal.map((action) => game.describe?.(action, askedIn)));
    const more = `  ... and ${legal.length - SHOWN_ACTIONS} more (type one in notation)`;
    for (const [i, line] of lines.entries()) {
      const where = `part ${k}, line ${i}: ${JSON.stringify(line)}`;
      checked++;
      // A refusal says what is wrong with the typed text, from the seat's view and legal actions.
      if (known.has(line) || (refused && line.startsWith('Not accepted: '))) continue;
      if (legal.length > SHOWN_ACTIONS && line === more) continue;
      const item = /^ {2}#\d+ +(.*)$/.exec(line);
      if (item !== null) {
        expect(listed.has(item[1]), `${where} is none of the seat's legal actions`).toBe(true);
        continue;
      }
      const other = /^(.+) \(seat (\d+)\) has played\.$/.exec(line);
      if (other !== null) {
        expect(Number(other[2]), where).not.toBe(seat);
        expect(other[1], where).toBe(names[Number(other[2])]);
        continue;
      }
      if (k === 0 && i === 0) {
        expect(line, where).toMatch(
          new RegExp(`^${gameId}: you are seat ${seat}, against .* \\(seed -?\\d+\\)\\. `),
        );
        continue;
      }
      const outcome = game.outcome(states[last]);
      const ending = [
        outcome &&
          `Game over: ${winnersText(outcome, names)} won (${outcome.reason}); scores ${outcome.scores.join(', ')}.`,
        `You left the game after ${record.actions.length} actions. Bye.`,
        `You left the game after ${record.actions.length} action. Bye.`,
      ];
      if (asking === undefined && (ending.includes(line) || line.startsWith('Saved '))) continue;
      expect.fail(`${where} is not derivable from what seat ${seat} sees`);
    }
  }
  expect(question, 'one part of the output per question, and the rest').toBe(asked.length);
  return checked;
}

/**
 * Plays a whole game at `seat`, typing `answers` over and over (a refused
 * answer is asked again with the next), and saves it; returns what was
 * printed and the record.
 */
async function playScripted(
  gameId: string,
  seat: number,
  seed: number,
  answers: readonly string[],
  more: readonly string[] = [],
) {
  const saved = join(work, `${gameId}-${seat}-${seed}${more.length > 0 ? '-more' : ''}.json`);
  const input = `${Array.from({ length: 1500 }, (_, i) => answers[i % answers.length]).join('\n')}\n`;
  const args = ['play', gameId, '--seat', String(seat), '--seed', String(seed), '--save', saved, ...more];
  const { code, stdout, stderr } = await tabula(args, input);
  expect(stderr).toBe('');
  expect(code).toBe(0);
  const record = parseWith(GameRecordSchema, JSON.parse(readFileSync(saved, 'utf8')), 'the saved game');
  return { stdout, record };
}

describe('tabula play prints no secret of another seat', () => {
  // Whole games through the command's standard input, from each seat. Rummy answers "#2" (the best
  // play, when there is one; refused otherwise) and then "#1" (draw or pass); skirmish mixes ships and #N.
  it.each([
    ['skirmish', 0, 3, ['#1']],
    ['skirmish', 1, 3, ['#1']],
    ['skirmish', 1, 11, ['7', '#2', '#1']],
    ['rummy', 0, 5, ['#1']],
    ['rummy', 0, 7, ['#2', '#1']],
    ['rummy', 1, 6, ['#2', '#1']],
    ['backgammon', 0, 2, ['#1']],
    ['backgammon', 1, 2, ['#1']],
  ])(
    '%s from seat %i (seed %i): every printed line is derivable from that seat’s views',
    async (gameId, seat, seed, answers) => {
      const { stdout, record } = await playScripted(gameId, seat, seed, answers);
      expect(stdout).toMatch(/^Game over: /m);
      const checked = expectOnlyWhatTheSeatSees(gameId, seat, stdout, record);
      expect(checked).toBeGreaterThan(20);
    },
    120_000,
  );

  it('plays a backgammon match with --config, the match score on the screen, every line from the seat’s views', async () => {
    const config = { cube: true, length: 3, crawford: true };
    const { stdout, record } = await playScripted(
      'backgammon',
      0,
      4,
      ['#1'],
      ['--config', '{"length":3,"crawford":true}'],
    );
    expect(record.config).toEqual(config);
    expect(record.outcome?.reason).toMatch(/^score \d-\d$/);
    expect(stdout).toContain('Match to 3, game 1: You 0, Black 0');
    expect(stdout).toMatch(/^Match over, /m);
    expect(expectOnlyWhatTheSeatSees('backgammon', 0, stdout, record)).toBeGreaterThan(20);
  }, 120_000);

  it('tells the rummy player which card they drew, and explains the card marks once (issue 11, item 15)', async () => {
    // The input that failed: after "#1" (draw) nothing said which card came.
    const { stdout, record } = await playScripted('rummy', 1, 6, ['#1']);
    const states = replay(GAMES.rummy as AnyGame, record) as RummyState[];
    // after each of the seat's draws, its hand ends with the card drawn: that card, and no other, is named
    const drawn = record.actions.flatMap(({ seat, action }, i) => {
      if (seat !== 1 || (action as { type: string }).type !== 'draw') return [];
      const hand = states[i + 1]?.hands[1] ?? [];
      return [`You drew ${cardText(hand.at(-1) ?? '')}.`];
    });
    expect(drawn.length).toBeGreaterThan(3);
    expect(stdout.match(/^You drew .*$/gm)).toEqual(drawn);
    expect(stdout.match(/^Key: /gm)).toHaveLength(2);
    expect(stdout).toContain('Khr is the K♥ with the red back, Khb the blue');
  }, 120_000);

  it('never shows the bot’s bid before the battle resolves (the input that failed: skirmish --seat 1)', async () => {
    const { stdout, record } = await playScripted('skirmish', 1, 3, ['#1']);
    // The default bot (now `optimal`) plays first in every battle; its card showed as "bidder (seat 0): play 13" when the bidder was the default.
    expect(stdout).not.toMatch(/\(seat 0\): /);
    expect(stdout.match(/^(?:> )?optimal \(seat 0\) has played\.$/gm)).toHaveLength(15);
    // The first battle's cards show only after the person has played in it.
    const [first, second] = record.actions.map(({ action }) => (action as { card: number }).card);
    const battle = `Last battle: ${first} vs ${second}`;
    const beforeAnswer = stdout.split(/^> /m)[0] ?? '';
    expect(beforeAnswer).not.toContain('Last battle');
    expect(stdout).toContain(battle);
  }, 120_000);

  it('refuses output derived from another seat’s action: the check catches the old line', () => {
    const record: GameRecord = {
      game: 'skirmish',
      version: '1',
      config: { players: 2 },
      seed: 3,
      players: ['bidder', 'you'],
      actions: [{ seat: 0, action: { type: 'play', card: 13 } }],
      outcome: null,
    };
    const view = GAMES.skirmish?.render?.(GAMES.skirmish.view(replay(GAMES.skirmish, record)[1], 1)) ?? '';
    const leaky = `skirmish: you are seat 1, against bidder (seed 3). Type\nbidder (seat 0): play 13\n${view}\n> You left the game after 1 action. Bye.\n`;
    expect(() => expectOnlyWhatTheSeatSees('skirmish', 1, leaky, record)).toThrow(/not derivable/);
    const honest = leaky.replace('bidder (seat 0): play 13', 'bidder (seat 0) has played.');
    expect(expectOnlyWhatTheSeatSees('skirmish', 1, honest, record)).toBe(3 + view.split('\n').length);
  });
});
