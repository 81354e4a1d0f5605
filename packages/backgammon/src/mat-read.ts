import { IllegalActionError, InvalidInputError, NotationError, parseWith, TabulaError } from '@tabula/core';
import { indexOfPip, pipOfIndex } from './board.js';
import { SEAT_NAMES } from './definition.js';
import type { Dice } from './dice.js';
import {
  badLine,
  type CubeEntry,
  type MatEntry,
  type MatGameText,
  type MatText,
  parseMatText,
  type RollEntry,
  RULE_TAGS,
  type WinEntry,
} from './mat-parse.js';
import { isMatch, Match } from './match.js';
import { configProblem, playsMatch } from './match-rules.js';
import { applySteps, expandDice } from './moves.js';
import { formatDice, parsePlay, writePlay } from './notation.js';
import { cachedPlays } from './play-cache.js';
import {
  type BackgammonAction,
  type BackgammonConfig,
  type BackgammonState,
  type Board,
  CHECKERS_PER_SIDE,
  ConfigSchema,
  type LogEntry,
  MAX_CLOCK_MS,
  MAX_CUBE,
  MAX_SESSION_GAMES,
  type MatchState,
  type Result,
  type Score,
  type Side,
  type Step,
} from './schemas.js';
import { opponent } from './state.js';
import { Table } from './table.js';

/**
 * Reading a Jellyfish `.mat` file (see mat.ts): the parsed text (mat-parse.ts)
 * replayed at a table, so that what comes back is a state the engine made.
 */

/** How `readMatFile` plays a file. */
export interface MatReadOptions {
  /**
   * The rules to replay the file by, instead of what its header says (or
   * gnubg's defaults where it says nothing): its `length` must fit the file's
   * (1 and `money` for a money session, 1 for a 1-point match).
   */
  config?: BackgammonConfig;
  /**
   * Dice for the rolls a file does not hold: where it ends just as the table
   * rolls by itself (for a player who may not double, or the next game's
   * opening roll). Without them such a file is refused.
   */
  dice?: Dice;
}

/** A `.mat` file read: the state, and the header's other tags and comment. */
export interface MatFile {
  /** A `Match` state, or for a 1-point match the `Table` state of its one game. */
  state: BackgammonState | MatchState;
  /** The header tags other than the players and the rules (`Site`, `EventDate`, ...), in file order. */
  tags: Record<string, string>;
  /** The header's comment lines, joined by newlines ('' when none). */
  comment: string;
}

type State = BackgammonState | MatchState;

/** Where the dice of a roll came from: an entry of the file, or none (a roll the file does not hold). */
type Source = RollEntry | 'phantom' | 'extra' | 'misplaced';

/** The rolls tried, in order, for a roll the file leaves out before a resignation. */
const PHANTOM_ROLLS: readonly [number, number][] = (() => {
  const rolls: [number, number][] = [];
  for (let hi = 2; hi <= 6; hi++) for (let lo = 1; lo < hi; lo++) rolls.push([hi, lo]);
  for (let d = 1; d <= 6; d++) rolls.push([d, d]);
  return rolls;
})();

const sameDice = (a: readonly [number, number], b: readonly [number, number]) =>
  Math.max(a[0], a[1]) === Math.max(b[0], b[1]) && Math.min(a[0], a[1]) === Math.min(b[0], b[1]);

/**
 * The steps of a move written one die a step (`24/18 18/15`, as gnubg
 * writes them), in the order written, when they make a legal play: so the
 * log keeps them as the file has them. Null for anything else (`24/15`,
 * `8/5(2)`, steps out of order), which `parsePlay` reads.
 */
function stepsAsWritten(
  text: string,
  board: Board,
  seat: Side,
  dice: readonly [number, number],
): Step[] | null {
  const steps: Step[] = [];
  for (const token of text.trim().split(/\s+/)) {
    const [fromText = '', toText = '', ...rest] = token.replace(/\*$/, '').split('/');
    const from = Number(fromText);
    const to = Number(toText);
    if (rest.length > 0 || !/^\d{1,2}$/.test(fromText) || !/^\d{1,2}$/.test(toText)) return null;
    if (from < 1 || from > 25 || to < 0 || to > 24 || to >= from) return null;
    steps.push({
      from: from === 25 ? 'bar' : indexOfPip(seat, from),
      to: to === 0 ? 'off' : indexOfPip(seat, to),
    });
  }
  // Each step is a die's (a checker borne off may use a larger one).
  const unused = expandDice(dice).sort((x, y) => x - y);
  for (const { from, to } of steps) {
    const distance =
      (from === 'bar' ? 25 : pipOfIndex(seat, from)) - (to === 'off' ? 0 : pipOfIndex(seat, to));
    const die = unused.findIndex((d) => d === distance || (to === 'off' && d > distance));
    if (die < 0) return null;
    unused.splice(die, 1);
  }
  const plays = cachedPlays(board, seat, dice);
  try {
    return plays.withSteps(steps) !== undefined ||
      plays.reaching(applySteps(board, seat, steps)) !== undefined
      ? steps
      : null;
  } catch (error) {
    if (error instanceof IllegalActionError) return null;
    throw error;
  }
}

function pointsText(points: number): string {
  return points === 1 ? '1 point' : `${points} points`;
}

function onOffTag(file: MatText, name: string): boolean | undefined {
  const tag = file.tags.get(name);
  if (tag === undefined) return undefined;
  const value = tag.value.trim().toLowerCase();
  if (value === 'on' || value === 'yes' || value === 'true') return true;
  if (value === 'off' || value === 'no' || value === 'false') return false;
  return badLine(tag.line, `the tag ${name} is "On" or "Off", not ${JSON.stringify(tag.value)}`);
}

function clockTag(file: MatText): BackgammonConfig['clock'] {
  const tag = file.tags.get('Clock');
  if (tag === undefined) return undefined;
  const words = tag.value.trim().split(/\s+/);
  const delay = Number(words[1]);
  const reserve = Number(words[4]);
  const shape = words.length === 6 && words[0] === 'delay' && words[2] === 'ms,' && words[3] === 'reserve';
  const ok = (n: number) => Number.isInteger(n) && n >= 0 && n <= MAX_CLOCK_MS;
  if (!shape || words[5] !== 'ms' || !ok(delay) || !ok(reserve))
    return badLine(
      tag.line,
      `the tag Clock is written "delay 8000 ms, reserve 120000 ms", not ${JSON.stringify(tag.value)}`,
    );
  return { delayMs: delay, reserveMs: reserve };
}

/** The rules the header says, with gnubg's defaults where it says nothing (the Crawford rule in a match). */
function configFromFile(file: MatText): BackgammonConfig {
  const variation = file.tags.get('Variation');
  if (variation !== undefined && variation.value.trim().toLowerCase() !== 'backgammon')
    badLine(variation.line, `only backgammon is played here, not ${JSON.stringify(variation.value)}`);
  const cube = onOffTag(file, 'Cube') ?? true;
  const crawford = onOffTag(file, 'Crawford');
  const jacoby = onOffTag(file, 'Jacoby');
  const beavers = onOffTag(file, 'Beaver');
  const gamesTag = file.tags.get('Games');
  let games: number | undefined;
  if (gamesTag !== undefined) {
    games = Number(gamesTag.value);
    if (!Number.isInteger(games) || games < 1 || games > MAX_SESSION_GAMES)
      badLine(gamesTag.line, `the tag Games is a number of games from 1 to ${MAX_SESSION_GAMES}`);
  } else if (file.length === 0 && file.games.length > 1) games = file.games.length;
  const clock = clockTag(file);
  // A match has no money rules: eXtremeGammon writes the Jacoby and Beaver tags for matches too.
  const money: NonNullable<BackgammonConfig['money']> = {};
  if (jacoby !== undefined && file.length <= 1) money.jacoby = jacoby;
  if (beavers !== undefined && file.length <= 1) money.beavers = beavers;
  if (games !== undefined) money.games = games;
  const config: BackgammonConfig = {
    cube,
    length: Math.max(file.length, 1),
    crawford: crawford ?? file.length > 1,
  };
  if (file.length === 0 || Object.keys(money).length > 0) config.money = money;
  if (clock !== undefined) config.clock = clock;
  const problem = configProblem(config);
  if (problem !== null)
    badLine(
      file.lengthLine,
      `the header's rules do not fit a ${file.length}-point match: ${problem.message}`,
    );
  return config;
}

/** The config given in the options, checked against the file's match length. */
function configFromOptions(config: unknown, file: MatText): BackgammonConfig {
  const checked = parseWith(ConfigSchema, config, 'The config', 'invalid_config');
  const money = checked.money !== undefined;
  const wrong = (message: string): never => {
    throw new InvalidInputError('invalid_config', '$.length', `The config does not fit the file: ${message}`);
  };
  if (file.length === 0 && (!money || checked.length !== 1))
    wrong('the file is a money session (a 0-point match): give money and length 1');
  if (file.length === 1 && checked.length !== 1) wrong('the file is a 1-point match: give length 1');
  if (file.length > 1 && (money || checked.length !== file.length))
    wrong(`the file is a ${file.length}-point match: give length ${file.length} and no money`);
  const problem = configProblem(checked);
  if (problem !== null)
    throw new InvalidInputError('invalid_config', problem.path, `The config: ${problem.message}`);
  return checked;
}

function namesFromFile(file: MatText): { names: [string, string]; fromTags: boolean } {
  const tagged = [file.tags.get('Player 1'), file.tags.get('Player 2')];
  const [first] = file.games;
  const [name0, name1] = first?.names ?? SEAT_NAMES;
  const names: [string, string] = [name0, name1];
  let fromTags = false;
  tagged.forEach((tag, seat) => {
    if (tag === undefined) return;
    if (tag.value.trim() === '') badLine(tag.line, `the tag Player ${seat + 1} names nobody`);
    names[seat] = tag.value;
    fromTags = true;
  });
  return { names, fromTags };
}

function readDice(value: unknown): Dice | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'object' || value === null || typeof (value as { die?: unknown }).die !== 'function')
    throw new InvalidInputError('invalid_input', '$.dice', 'The dice are an object with a die() method');
  return value as Dice;
}

function readOptions(options: unknown): { config: unknown; dice: Dice | undefined } {
  if (typeof options !== 'object' || options === null || Array.isArray(options))
    throw new InvalidInputError('invalid_input', '$', 'The options are an object: { config?, dice? }');
  for (const key of Object.keys(options))
    if (key !== 'config' && key !== 'dice')
      throw new InvalidInputError('invalid_input', `$.${key}`, 'The options take config and dice only');
  const { config, dice } = options as { config?: unknown; dice?: unknown };
  return { config, dice: readDice(dice) };
}

/** What the table waits for, to explain why an entry does not fit. */
function waiting(s: State): string {
  if (s.phase === 'complete') return 'the game is over';
  if (s.phase === 'idle' || s.toAct === null) return 'the game has not started';
  const who = s.names[s.toAct];
  switch (s.phase) {
    case 'decide':
      return `${who} is to roll or double`;
    case 'move':
      return s.dice === null ? `${who} is to move` : `${who} is to move with ${formatDice(s.dice)}`;
    case 'cube_offered':
      return `${who} is to take or drop the double`;
    default:
      return `${who} is to answer a resignation`;
  }
}

function whyNoDouble(s: State, seat: Side): string {
  if (!s.config.cube) return 'the cube is off';
  if (s.crawfordGame) return 'this is the Crawford game';
  if (s.cube.owner !== null && s.cube.owner !== seat) return `${s.names[s.cube.owner]} owns the cube`;
  return `the cube is at ${MAX_CUBE}`;
}

/** The log entries an action added: across the end of a match's game, the end of that game and the next one. */
function newEntries(before: State, after: State): LogEntry[] {
  if (isMatch(before) && isMatch(after)) {
    const ended = after.match.games[before.match.games.length];
    if (ended !== undefined) return [...ended.log.slice(before.log.length), ...after.log];
  }
  return after.log.slice(before.log.length);
}

/** A finished game as the reader checks its Wins line: the table's result and the points it scored. */
interface Finished {
  result: Result;
  points: number;
}

/**
 * Replays a parsed file at a table. It is the dice the table rolls with:
 * each roll it asks for comes from the file's next roll entry (the opening
 * roll from the next game's first entry), so the table plays the file's
 * rolls in the file's order, and after each action the rolls in the log are
 * checked against the entries they came from.
 */
class Replay implements Dice {
  state: State;
  private game = -1;
  private mode: 'game' | 'next' = 'next';
  /** The first entry of the game the table may take a roll from. */
  private from = 0;
  private readonly consumed = new Set<RollEntry>();
  /** The entries consumed, in order, so that a retried action can give them back. */
  private readonly taken: RollEntry[] = [];
  private sources: Source[] = [];
  private half: number | null = null;
  private phantom = 0;
  private phantomFor: WinEntry | null = null;
  private misplaced: MatEntry | null = null;
  /** Roll entries whose roll had no legal move, so the table passed at once. */
  private readonly passed = new Set<RollEntry>();
  private finished: Finished | null = null;
  private winSeen = false;
  private matchOver = false;
  private terminated = false;

  constructor(
    private readonly file: MatText,
    initial: State,
    private readonly extra: Dice | undefined,
    private readonly termination: { how: 'forfeit' | 'timeout'; line: number } | null,
    private readonly namesFixed: boolean,
  ) {
    this.state = initial;
  }

  // --- The dice ---

  die(): number {
    if (this.half !== null) {
      const second = this.half;
      this.half = null;
      return second;
    }
    const pair = this.nextPair();
    if (pair === null) {
      // options.dice: the engine asks for the second die at once, so both are drawn now.
      this.sources.push('extra');
      const dice = this.extra;
      if (dice === undefined) throw new TabulaError('invalid_argument', 'A roll with no dice to roll it');
      const first = dice.die();
      this.half = dice.die();
      return first;
    }
    this.sources.push(pair.source);
    this.half = pair.dice[1];
    return pair.dice[0];
  }

  private take(entry: RollEntry): void {
    this.consumed.add(entry);
    this.taken.push(entry);
  }

  /** The dice of a roll the file does not hold: `options.dice`, or a refusal saying what is missing. */
  private extraOr(message: string): null {
    if (this.extra !== undefined) return null;
    return badLine(this.file.lines, `${message}; give options.dice to roll it`);
  }

  private nextPair(): { dice: [number, number]; source: Source } | null {
    const games = this.file.games;
    if (this.mode === 'next') {
      const target = this.game + 1;
      const game = games[target];
      const [first] = game?.entries ?? [];
      if (game === undefined || first === undefined)
        return this.extraOr(
          game === undefined
            ? `the file ends after game ${target}, but the ${this.unit()} goes on: ` +
                `the opening roll of game ${target + 1} is not in the file`
            : `game ${target + 1} has no entries: its opening roll is not in the file`,
        );
      if (first.kind !== 'roll')
        return badLine(
          first.line,
          `a game starts with the opening roll and its move, not ${this.describe(first)}`,
        );
      const [hi, lo] = first.dice[0] >= first.dice[1] ? first.dice : [first.dice[1], first.dice[0]];
      if (hi === lo)
        return badLine(
          first.line,
          `the opening roll is ${hi}-${lo}: each player rolls one die, and a tie is rolled again`,
        );
      this.take(first);
      return { dice: first.seat === 0 ? [hi, lo] : [lo, hi], source: first };
    }
    const entries = games[this.game]?.entries ?? [];
    for (let k = this.from; k < entries.length; k++) {
      const entry = entries[k];
      if (entry === undefined || (entry.kind === 'roll' && this.consumed.has(entry))) continue;
      if (entry.kind === 'roll') {
        this.take(entry);
        return { dice: [entry.dice[0], entry.dice[1]], source: entry };
      }
      if (entry.kind === 'win') {
        // The table rolls for the loser, who resigns before the roll: the file has no dice for it.
        this.phantomFor = entry;
        return { dice: [...(PHANTOM_ROLLS[this.phantom] ?? [2, 1])], source: 'phantom' };
      }
      this.misplaced ??= entry;
      return { dice: [2, 1], source: 'misplaced' };
    }
    const next = games[this.game + 1];
    if (next !== undefined)
      return badLine(next.line, `game ${this.game + 1} has no result, but game ${this.game + 2} follows`);
    return this.extraOr(
      `the file ends in game ${this.game + 1} where the table rolls at once for the player to move ` +
        '(who may not double), and that roll is not in the file',
    );
  }

  // --- Acting ---

  private describe(e: MatEntry): string {
    const who = this.state.names[e.seat];
    switch (e.kind) {
      case 'roll':
        return `${who}'s ${e.dice[0]}${e.dice[1]}:${e.moves === '' ? '' : ` ${e.moves}`}`;
      case 'double':
        return `${who} doubles`;
      case 'beaver':
        return `${who} beavers`;
      case 'take':
        return `${who} takes`;
      case 'drop':
        return `${who} drops`;
      case 'win':
        return `${who} wins ${pointsText(e.points)}`;
    }
  }

  /**
   * Runs one action at the table with these dice and keeps the state it
   * leads to. `mode` says which rolls it may take: the game's, from entry
   * `from` on, or (for an action that ends the game) the next game's opening
   * roll. A roll the file leaves out before a resignation is tried with each
   * roll in turn until the resigner is to act.
   */
  private act(
    entry: MatEntry | null,
    mode: 'game' | 'next',
    from: number,
    run: (s: State, dice: Dice) => State,
  ): void {
    const before = this.state;
    const mark = { taken: this.taken.length, sources: this.sources.length };
    for (let candidate = 0; candidate < PHANTOM_ROLLS.length; candidate++) {
      while (this.taken.length > mark.taken) {
        const entry = this.taken.pop();
        if (entry !== undefined) this.consumed.delete(entry);
      }
      this.sources.length = mark.sources;
      this.half = null;
      this.mode = mode;
      this.from = from;
      this.phantom = candidate;
      this.phantomFor = null;
      this.misplaced = null;
      let after: State;
      try {
        after = run(before, this);
      } catch (error) {
        if (error instanceof IllegalActionError && entry !== null)
          badLine(entry.line, `${this.describe(entry)}: ${error.message}`);
        throw error;
      }
      const misplaced = this.misplaced as MatEntry | null;
      if (misplaced !== null) {
        const who = after.toAct === null ? null : after.names[after.toAct];
        if (misplaced.kind === 'double' && misplaced.seat === after.toAct)
          badLine(
            misplaced.line,
            `${this.describe(misplaced)}, but may not: ${whyNoDouble(after, misplaced.seat)}`,
          );
        badLine(
          misplaced.line,
          `${this.describe(misplaced)}, but here the table rolls at once${who === null ? '' : ` for ${who}`}`,
        );
      }
      const win = this.phantomFor as WinEntry | null;
      if (win === null || this.resignerToAct(after, win)) {
        this.keep(before, after, mark.sources);
        return;
      }
      // The table rolls at once for the player to move; a resigner who is not that player,
      // or has no legal move with any roll, cannot resign here.
      const loser = opponent(win.seat);
      if (!newEntries(before, after).some((e) => e.type === 'roll' && e.seat === loser))
        badLine(
          win.line,
          `${this.describe(win)} with the game under way, so ${after.names[loser]} resigned, but it is ` +
            `${after.names[win.seat]}'s turn (the table rolls at once for a player who may not double): ` +
            'a player resigns on their own turn',
        );
    }
    const win = this.phantomFor as WinEntry | null;
    badLine(
      win?.line ?? entry?.line ?? this.file.lines,
      `${win === null ? 'a player' : this.state.names[opponent(win.seat)]} resigns where the table rolls ` +
        'for them at once, and no roll lets them move, so the turn passes before they can resign',
    );
  }

  /** Whether the loser of `win` may resign now (or forfeit, for a match that ended so). */
  private resignerToAct(s: State, win: WinEntry): boolean {
    if (this.isLast(win) && this.termination?.how === 'forfeit') return true;
    return s.toAct === opponent(win.seat) && (s.phase === 'decide' || s.phase === 'move');
  }

  private isLast(entry: MatEntry): boolean {
    const last = this.file.games.at(-1);
    return last !== undefined && last.entries.at(-1) === entry;
  }

  /** Keeps the state an action led to: checks its rolls against the entries they came from, and notes the game's end. */
  private keep(before: State, after: State, firstSource: number): void {
    let k = firstSource;
    const entries = newEntries(before, after);
    entries.forEach((logged, n) => {
      if (logged.type !== 'roll' && logged.type !== 'opening') return;
      const source = this.sources[k++];
      if (source === undefined || typeof source === 'string') return;
      const dice = logged.dice ?? [0, 0];
      if (logged.seat !== source.seat || !sameDice(dice, source.dice))
        badLine(
          source.line,
          `${this.describe(source)}, but the table rolled ${formatDice(dice)} for ` +
            `${logged.seat === null ? 'nobody' : after.names[logged.seat]} here`,
        );
      const next = entries[n + 1];
      if (next?.type === 'pass' && next.seat === source.seat) this.passed.add(source);
    });
    if (isMatch(before) && isMatch(after)) {
      const ended = after.match.games[before.match.games.length];
      if (ended !== undefined) this.finished = { result: ended.result, points: ended.points };
      else if (after.result !== null && before.result === null) {
        const last = Match.history(after).at(-1);
        if (last !== undefined) this.finished = { result: last.result, points: last.points };
      }
      this.matchOver = after.match.result !== null;
    } else if (after.result !== null && before.result === null) {
      this.finished = { result: after.result, points: after.result.points };
      this.matchOver = true;
    }
    this.state = after;
  }

  private apply(entry: MatEntry, mode: 'game' | 'next', from: number, action: BackgammonAction): void {
    this.act(entry, mode, from, (s, dice) =>
      isMatch(s) ? Match.apply(s, entry.seat, action, dice) : Table.apply(s, entry.seat, action, dice),
    );
  }

  // --- The file ---

  run(): State {
    const games = this.file.games;
    const [first] = games;
    if (first === undefined) return this.state;
    this.act(first.entries[0] ?? null, 'next', 0, (s, dice) =>
      isMatch(s) ? Match.start(s, dice) : Table.start(s, dice),
    );
    games.forEach((game, g) => {
      if (g > 0) {
        if (this.finished === null) badLine(game.line, `game ${g} has no result, but game ${g + 1} follows`);
        if (this.matchOver)
          badLine(game.line, `the ${this.unit()} was over after game ${g}, so no game follows it`);
      }
      this.startGame(game, g);
      game.entries.forEach((entry, i) => {
        this.entry(entry, i, game.entries);
      });
    });
    if (this.termination !== null && !this.terminated)
      badLine(
        this.termination.line,
        `the ${this.unit()} ended by ${this.termination.how} (the tag Termination), but its last game ends otherwise`,
      );
    return this.state;
  }

  private unit(): string {
    return this.state.config.money === undefined ? 'match' : 'session';
  }

  private startGame(game: MatGameText, g: number): void {
    this.game = g;
    this.finished = null;
    this.winSeen = false;
    const s = this.state;
    const score: Score = isMatch(s) ? s.match.score : [0, 0];
    if (game.score[0] !== score[0] || game.score[1] !== score[1])
      badLine(
        game.scoreLine,
        `the score before game ${g + 1} is ${score[0]}-${score[1]} by the games before it, not ${game.score.join('-')}`,
      );
    if (!this.namesFixed && (game.names[0] !== s.names[0] || game.names[1] !== s.names[1]))
      badLine(
        game.scoreLine,
        `the players are ${s.names[0]} and ${s.names[1]} (from game 1), not ${game.names[0]} and ${game.names[1]}`,
      );
  }

  private entry(e: MatEntry, i: number, entries: readonly MatEntry[]): void {
    if (this.finished !== null) {
      if (e.kind !== 'win' || this.winSeen) badLine(e.line, `${this.describe(e)}, but the game is over`);
      this.checkWin(e);
      return;
    }
    const s = this.state;
    switch (e.kind) {
      case 'roll':
        this.roll(e, i, entries);
        return;
      case 'double':
        // A double answered by a double is a beaver, as gnubg writes one.
        if (s.phase === 'cube_offered' && s.toAct === e.seat) {
          this.beaver(e, i);
          return;
        }
        if (e.value !== null && e.value !== s.cube.value * 2)
          badLine(
            e.line,
            `${this.describe(e)} to ${e.value}, but the cube is at ${s.cube.value}: a double offers ${s.cube.value * 2}`,
          );
        this.apply(e, 'game', i + 1, { type: 'double' });
        return;
      case 'beaver':
        this.beaver(e, i);
        return;
      case 'take':
        this.apply(e, 'game', i + 1, { type: 'take' });
        return;
      case 'drop':
        this.apply(e, 'next', i + 1, { type: 'drop' });
        return;
      case 'win':
        this.win(e, i);
        return;
    }
  }

  private beaver(e: CubeEntry, i: number): void {
    const s = this.state;
    if (s.config.money?.beavers !== true)
      badLine(
        e.line,
        `${s.names[e.seat]} beavers (answers the double with a double), but these rules play no beavers: ` +
          'a file says so with the tag Beaver "On", or give options.config with money.beavers',
      );
    if (e.value !== null && e.value !== s.cube.value * 4)
      badLine(
        e.line,
        `${this.state.names[e.seat]} beavers to ${e.value}, but a beaver of the double to ${s.cube.value * 2} ` +
          `redoubles to ${s.cube.value * 4}`,
      );
    this.apply(e, 'game', i + 1, { type: 'beaver' });
  }

  private roll(e: RollEntry, i: number, entries: readonly MatEntry[]): void {
    const who = this.state.names[e.seat];
    if (!this.consumed.has(e)) {
      const s = this.state;
      if (s.phase === 'cube_offered' && s.beaver === true && s.toAct === e.seat)
        // The doubler rolls: the beaver was taken (after "Beavers", eXtremeGammon writes no Takes).
        this.apply(e, 'game', i, { type: 'take' });
      else if (s.phase === 'decide' && s.toAct === e.seat) this.apply(e, 'game', i, { type: 'roll' });
      else badLine(e.line, `${this.describe(e)}, but ${waiting(s)}`);
      if (!this.consumed.has(e))
        badLine(e.line, `${this.describe(e)}, but the table did not roll for ${who} here`);
    }
    const s = this.state;
    const waits = s.phase === 'move' && s.toAct === e.seat && s.dice !== null && sameDice(s.dice, e.dice);
    const next = entries[i + 1];
    // Rolled, then resigned: the game ends with the other player's Wins line.
    const resigns = e.resigns || (next?.kind === 'win' && next.seat !== e.seat);
    if (this.passed.has(e)) {
      if (e.moves !== '')
        badLine(e.line, `${this.describe(e)}: ${who} has no legal move with ${formatDice(e.dice)}`);
      // After two passes in a row the table waits for the stuck player's empty move (or resignation).
      if (waits && !resigns) this.apply(e, 'game', i + 1, { type: 'move', steps: [] });
      return;
    }
    if (!waits || s.dice === null) badLine(e.line, `${this.describe(e)}, but ${waiting(s)}`);
    const dice = s.dice;
    if (e.moves !== '') {
      let steps: Step[];
      try {
        steps = stepsAsWritten(e.moves, s.board, e.seat, dice) ?? parsePlay(e.moves, s.board, e.seat, dice);
      } catch (error) {
        if (error instanceof IllegalActionError || error instanceof NotationError)
          badLine(e.line, `${this.describe(e)}: ${error.message}`);
        throw error;
      }
      this.move(e, i, steps);
      return;
    }
    const { plays } = cachedPlays(s.board, e.seat, dice);
    const [only] = plays;
    // The file ends with the move still to play.
    if (resigns || (next === undefined && this.game === this.file.games.length - 1)) return;
    if (only === undefined) this.apply(e, 'game', i + 1, { type: 'move', steps: [] });
    else if (plays.length === 1) this.move(e, i, only.steps);
    else
      badLine(
        e.line,
        `${who} rolled ${formatDice(dice)} and no move is written, but ${formatDice(dice)} can be played ` +
          `(for example ${writePlay(s.board, e.seat, only.steps)})`,
      );
  }

  private move(e: RollEntry, i: number, steps: Step[]): void {
    const ends = applySteps(this.state.board, e.seat, steps).off[e.seat] === CHECKERS_PER_SIDE;
    this.apply(e, ends ? 'next' : 'game', i + 1, { type: 'move', steps });
  }

  private win(e: WinEntry, i: number): void {
    const s = this.state;
    const loser = opponent(e.seat);
    const ended = this.isLast(e) ? this.termination?.how : undefined;
    if (ended === 'forfeit') {
      this.act(e, 'next', i + 1, (st) => (isMatch(st) ? Match.forfeit(st, loser) : Table.forfeit(st, loser)));
      this.terminated = true;
    } else if (ended === 'timeout') {
      const clock = s.config.clock;
      const reserve = s.reserveMs?.[loser];
      if (clock === undefined || reserve === undefined)
        badLine(
          e.line,
          `${s.names[loser]} ran out of time (the tag Termination), but the config has no clock`,
        );
      const elapsedMs = clock.delayMs + reserve + 1;
      if (elapsedMs > MAX_CLOCK_MS)
        badLine(e.line, `${s.names[loser]} cannot run out of time with this clock`);
      if (s.toAct !== loser) badLine(e.line, `${s.names[loser]} ran out of time, but ${waiting(s)}`);
      this.act(e, 'next', i + 1, (st, dice) => {
        const action: BackgammonAction = { type: 'timeout', elapsedMs };
        return isMatch(st) ? Match.apply(st, loser, action, dice) : Table.apply(st, loser, action, dice);
      });
      this.terminated = true;
    } else if (s.phase === 'cube_offered' && s.toAct === loser) {
      // "Doubles" then the doubler's Wins: the double was dropped.
      this.act(e, 'next', i + 1, (st, dice) =>
        isMatch(st)
          ? Match.apply(st, loser, { type: 'drop' }, dice)
          : Table.apply(st, loser, { type: 'drop' }, dice),
      );
    } else {
      if (s.toAct !== loser || (s.phase !== 'decide' && s.phase !== 'move'))
        badLine(
          e.line,
          `${this.describe(e)} with the game under way, so ${s.names[loser]} resigned, but ${waiting(s)}: ` +
            'a player resigns on their own turn',
        );
      const kind =
        e.points <= s.cube.value ? 'single' : e.points <= 2 * s.cube.value ? 'gammon' : 'backgammon';
      const resign: BackgammonAction = { type: 'resign', kind };
      this.act(e, 'game', i, (st, dice) =>
        isMatch(st) ? Match.apply(st, loser, resign, dice) : Table.apply(st, loser, resign, dice),
      );
      this.apply(e, 'next', i + 1, { type: 'accept' });
    }
    this.checkWin(e);
  }

  private checkWin(e: WinEntry): void {
    const f = this.finished;
    if (f === null) badLine(e.line, `${this.describe(e)}, but the game is not over`);
    const { result } = f;
    const names = this.state.names;
    if (result.winner !== e.seat)
      badLine(e.line, `${this.describe(e)}, but ${names[result.winner]} won the game (${result.how})`);
    if (e.points !== result.points && e.points !== f.points)
      badLine(
        e.line,
        `${this.describe(e)}, but the game (${result.how}, ${result.kind}) is worth ${pointsText(result.points)}`,
      );
    if (e.andMatch && !this.matchOver)
      badLine(e.line, `${this.describe(e)} "and the match", but the ${this.unit()} goes on`);
    this.winSeen = true;
  }
}

function terminationOf(file: MatText): { how: 'forfeit' | 'timeout'; line: number } | null {
  const tag = file.tags.get('Termination');
  if (tag === undefined) return null;
  const how = tag.value.trim().toLowerCase();
  if (how !== 'forfeit' && how !== 'timeout')
    return badLine(
      tag.line,
      `the tag Termination is "forfeit" or "timeout", not ${JSON.stringify(tag.value)}`,
    );
  return { how, line: tag.line };
}

/**
 * Reads a Jellyfish `.mat` file, as gnubg and `writeMatFile` write them, by
 * replaying it at a table: a match (` 5 point match`) or a money session
 * (` 0 point match`) comes back as a `Match` state, a 1-point match as the
 * `Table` state of its one game. The state is the one the engine reaches by
 * playing the file's rolls, moves and cube actions; each game's score line
 * must be the score the games before it give, and each Wins line the
 * game's end. A game that ends while it is under way was resigned (the
 * kind from the points and the cube), unless the header's `Termination`
 * says the last game was forfeited or lost on time.
 *
 * The rules come from the header (`Crawford`, `Jacoby`, `Beaver`, `Cube`,
 * `Games`, `Clock`), with gnubg's defaults where it says nothing: the
 * Crawford rule in a match, no Jacoby rule, no beavers, the cube on, a
 * money session as long as the file; `options.config` overrides them. The
 * players come from the `Player 1` and `Player 2` tags, or the first game's
 * score line.
 *
 * Where the file holds no dice for a roll the table makes: a player who
 * resigns before a roll the table makes by itself (gnubg lets a player
 * resign before rolling) gets the first roll that lets them move, which the
 * resignation makes moot; a file that ends where the table rolls at once
 * (or between games of a match that goes on) needs `options.dice`.
 *
 * Throws `NotationError` (`invalid_notation`) naming the line and the
 * problem: text that is no `.mat` file (see `parseMatText`), a move that is
 * not legal, an action out of turn, a double where none is allowed, a score
 * or a Wins line that does not follow from the games, a game after the
 * match is over. Options that are not `{ config?, dice? }` throw
 * `InvalidInputError` (`invalid_input`, a config that does not fit the file
 * `invalid_config`).
 */
export function readMatFile(text: string, options: MatReadOptions = {}): MatFile {
  const opts = readOptions(options);
  const file = parseMatText(text);
  const config = opts.config === undefined ? configFromFile(file) : configFromOptions(opts.config, file);
  const { names, fromTags } = namesFromFile(file);
  let initial: State;
  try {
    initial =
      playsMatch(config) && file.length !== 1 ? Match.create(config, names) : Table.create(config, names);
  } catch (error) {
    if (error instanceof InvalidInputError && error.code === 'invalid_input')
      return badLine(
        file.games[0]?.scoreLine ?? file.lengthLine,
        `the players' names cannot be read: ${error.message}`,
      );
    throw error;
  }
  const state = new Replay(file, initial, opts.dice, terminationOf(file), fromTags).run();
  const tags: Record<string, string> = {};
  for (const [name, tag] of file.tags) if (!RULE_TAGS.has(name)) tags[name] = tag.value;
  return { state, tags, comment: file.comment.join('\n') };
}
