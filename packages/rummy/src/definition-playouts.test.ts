import { runConformance } from '@tabula/core/testing';
import { describe, expect, it } from 'vitest';
import {
  hiddenVariant,
  invalidActions,
  invariant,
  randomConfig,
  searchOnly,
  variedPlayouts,
} from '../test/rummy-kit.js';
import { rummyGame } from './definition.js';
import type { RummyConfig, RummyState } from './schemas.js';

// The second half of the 1000 conformance playouts, in a file of its own so that both halves run at once.
describe('rummyGame conformance, continued', () => {
  it('passes the kit over 500 more seeded playouts of varied configs', () => {
    const report = runConformance<RummyState, RummyConfig>(searchOnly, {
      ...variedPlayouts,
      games: 500,
      seed: 2525,
    });
    expect(report.games).toBe(500);
    expect(report.actions).toBeGreaterThan(25_000);
    expect(report.legalActionsApplied).toBeGreaterThan(4_500);
    expect(report.leakChecks).toBeGreaterThan(10_000);
    expect(report.refusalsChecked).toBeGreaterThan(50_000);
  });

  it('passes the kit over 30 playouts of varied configs with the solver play listed', () => {
    const report = runConformance<RummyState, RummyConfig>(rummyGame, {
      games: 30,
      seed: 3025,
      config: randomConfig,
      invariant,
      hiddenVariant,
      invalidActions,
      legalSample: 3,
      checkEvery: 5,
    });
    expect(report.games).toBe(30);
  }, 120_000);
});
