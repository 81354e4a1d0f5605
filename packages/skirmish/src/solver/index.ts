export { guarantees, type LpSolution, type MatrixGameSolution, maximize, solveMatrixGame } from './lp.js';
export { positionFromView, positionOf } from './position.js';
export {
  type DeckOfShips,
  deckOfShips,
  handCode,
  type MixedStrategy,
  type Objective,
  type Opening,
  type PositionSolution,
  type SkirmishSolution,
  SkirmishSolver,
  type SolverPosition,
  solveSkirmish,
} from './solve.js';
