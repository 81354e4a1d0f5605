import assert from 'node:assert/strict';
import { analyseRecord, type BackgammonEvaluator, heuristicAgent, randomAgent } from '@tabula/agents';
import { Board, backgammonGame } from '@tabula/backgammon';
import { playGame } from '@tabula/core';

// A game between the heuristic bot and random, then every decision of its record judged.
const { record } = await playGame(
  backgammonGame,
  backgammonGame.defaultConfig(),
  [heuristicAgent(), randomAgent()],
  2,
);
const analysis = analyseRecord(record);
for (const p of analysis.players)
  console.log(
    `${p.player}: ${p.decisions} decisions, ${p.errors} errors, ${p.blunders} blunders, lost ${p.totalLoss.toFixed(3)}`,
  );
const [worst] = analysis.decisions.toSorted((a, b) => b.loss - a.loss);
console.log(`worst: move ${worst?.move}, ${worst?.played} instead of ${worst?.best}`);
assert.ok((analysis.players[1]?.totalLoss ?? 0) > (analysis.players[0]?.totalLoss ?? 0));

// Any evaluator plugs in: cubeless money equity for the side that has just played.
const pipCounter: BackgammonEvaluator = {
  name: 'pip count',
  equity: (board, side) =>
    Math.tanh((Board.pipCount(board, side === 0 ? 1 : 0) - Board.pipCount(board, side)) / 40),
};
console.log(analyseRecord(record, { evaluator: pipCounter }).analyser);
