import { type AnalyseOptions, analyseRecord, type GameAnalysis } from '@tabula/agents';
import { intFlag, parseCommand } from '../args.js';
import { UsageError } from '../errors.js';
import { table } from '../stats.js';
import { readRecord } from './replay.js';

export const ANALYSE_USAGE =
  'tabula analyse <record.json | results.jsonl> [--line N] [--json] [--steps N] [--plies N] [--seed S]';

/** Digits a value is printed with on the analysis's scale. */
function digitsFor(unit: string): number {
  return unit === 'points' ? 0 : unit === 'VP' ? 2 : 3;
}

/** An analysis as text: one line a decision, then a table a seat. */
export function analysisText(analysis: GameAnalysis): string[] {
  const digits = digitsFor(analysis.unit);
  const n = (x: number) => x.toFixed(digits);
  const lines = [
    `${analysis.game} ${analysis.version}, seed ${analysis.seed}: ${analysis.analyser}`,
    `Values in ${analysis.unit}; an error loses ${n(analysis.errorAt)} or more, a blunder ${n(analysis.blunderAt)} or more.`,
  ];
  for (const d of analysis.decisions) {
    const mark = d.blunder ? '  BLUNDER' : d.error ? '  error' : '';
    const best = d.best === d.played ? 'best' : `best ${d.best} (${n(d.bestValue)})`;
    const who = d.player === `seat ${d.seat}` ? d.player : `${d.player} (seat ${d.seat})`;
    lines.push(
      `${d.move}. ${who} ${d.kind}: ${d.played} (${n(d.playedValue)}); ${best}; loss ${n(d.loss)}${mark}`,
    );
    if (d.note !== undefined) lines.push(`     ${d.note}`);
  }
  if (analysis.decisions.length === 0) lines.push('No decision with a choice in this record.');
  lines.push(
    '',
    table(
      ['player', 'seat', 'decisions', 'errors', 'error rate', 'blunders', 'total loss', 'mean loss'],
      analysis.players.map((p) => [
        p.player,
        String(p.seat),
        String(p.decisions),
        String(p.errors),
        `${(100 * p.errorRate).toFixed(1)}%`,
        String(p.blunders),
        n(p.totalLoss),
        p.meanLoss.toFixed(digits + 2),
      ]),
    ),
  );
  return lines;
}

/**
 * Judges every decision of a game record with the game's analyser (see
 * `analyseRecord` in @tabula/agents): text by default, the analysis as JSON
 * (`GameAnalysisSchema`) with `--json`. `--steps` is the analyser's work: the
 * solver's steps a turn in rummy, the rollouts a card in skirmish; in
 * backgammon `--plies` (0, 1 or 2; default 0) is how far the net looks
 * ahead, as `neural-1` and `expert` do: judged at 0 ply, their deeper plays
 * often look like errors. `--seed` seeds the analysis's own random numbers
 * (skirmish).
 */
export function analyse(argv: readonly string[], out: (line: string) => void): void {
  const { positionals, values } = parseCommand(argv, {
    line: { type: 'string' },
    json: { type: 'boolean' },
    steps: { type: 'string' },
    plies: { type: 'string' },
    seed: { type: 'string' },
  });
  const [path, ...more] = positionals;
  if (path === undefined || more.length > 0) throw new UsageError(`Usage: ${ANALYSE_USAGE}`);
  const record = readRecord(path, intFlag(values, 'line', 1, 1));
  const options: { -readonly [K in keyof AnalyseOptions]: AnalyseOptions[K] } = {
    seed: intFlag(values, 'seed', 1),
  };
  if (values.steps !== undefined) {
    const steps = intFlag(values, 'steps', 0, 1);
    if (record.game === 'rummy') options.solverSteps = steps;
    else if (record.game === 'skirmish') options.rollouts = steps;
    else throw new UsageError(`--steps does not apply to ${record.game}: only rummy and skirmish take it`);
  }
  if (values.plies !== undefined) {
    const plies = intFlag(values, 'plies', 0, 0);
    if (record.game !== 'backgammon')
      throw new UsageError(`--plies does not apply to ${record.game}: only backgammon takes it`);
    if (plies !== 0 && plies !== 1 && plies !== 2)
      throw new UsageError(`--plies is 0, 1 or 2 (how many rolls the net looks ahead), got ${plies}`);
    options.plies = plies;
  }
  const analysis = analyseRecord(record, options);
  if (values.json === true) out(JSON.stringify(analysis, null, 2));
  else for (const line of analysisText(analysis)) out(line);
}
