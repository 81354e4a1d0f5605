/**
 * Cheap tests that drop states of the first search with no future: open runs
 * that can no longer reach 3 cards, group cards that can no longer make
 * groups, and hand cards that no meld could ever hold (left out of the bound).
 */
import { faceIndex, type Model, TOP } from './model.js';
import type { Triples } from './options.js';

export class Feasibility {
  /** Regular cards of each face available (table and hand), by `faceIndex`; none past the king. */
  private readonly avail = new Int32Array(64);
  /** Whether the group cards so far can still make groups with the suits left: 0 unknown, 1 no, 2 yes. */
  private readonly finish: Int8Array;
  private readonly maxReal: number;

  constructor(
    private readonly model: Model,
    private readonly triples: Triples,
    /** `OptionTable.fits`. */
    private readonly fits: Uint8Array,
  ) {
    for (let s = 0; s < 4; s++) {
      for (let v = 1; v <= TOP; v++) {
        const f = faceIndex(s, v);
        this.avail[f] = model.table[f]! + model.hand[f]!;
      }
    }
    this.maxReal = 4 * model.maxCopies;
    this.finish = new Int8Array(
      (TOP + 2) * 5 * (this.maxReal + 1) * (model.maxCopies + 1) * (model.jokers + 1),
    );
  }

  /**
   * Whether a card of suit `s` and value `v` could be in some meld at all,
   * with the cards available and every joker: a group (two other suits of the
   * value, or jokers for them) or a run (three values around it, the missing
   * ones jokers).
   */
  layable(s: number, v: number): boolean {
    const jokers = this.model.jokers;
    let others = 0;
    for (let o = 0; o < 4; o++) if (o !== s && this.avail[faceIndex(o, v)]! > 0) others++;
    if (others + jokers >= 2) return true;
    for (let first = Math.max(1, v - 2); first <= Math.min(v, TOP - 2); first++) {
      let missing = 0;
      for (let w = first; w < first + 3; w++) if (w !== v && this.avail[faceIndex(s, w)]! === 0) missing++;
      if (missing <= jokers) return true;
    }
    return false;
  }

  /**
   * Jokers the open runs `t` of suit `s` need at the next two values (after
   * `v`) for lack of regular cards there; 99 when they cannot be completed at
   * all (past the king).
   */
  need(v: number, s: number, t: number): number {
    const single = this.triples.a1[t]!;
    const short = single + this.triples.a2[t]!;
    if (short === 0) return 0;
    if (v >= TOP) return 99;
    const f = faceIndex(s, v);
    const next1 = this.avail[f + 1]!;
    let need = short > next1 ? short - next1 : 0;
    if (single > 0) {
      if (v + 1 >= TOP) return 99;
      const next2 = this.avail[f + 2]!;
      if (single > next2) need += single - next2;
    }
    return need;
  }

  /** Jokers the open runs of the suits before `stage` (after value `v`) need at least. */
  jokersNeeded(v: number, stage: number, c: readonly number[]): number {
    let need = 0;
    for (let s = 0; s < stage; s++) need += this.need(v, s, c[s]!);
    return need;
  }

  private fitAt(real: number, most: number, jokers: number): number {
    return (real * (this.model.maxCopies + 1) + most) * (this.model.jokers + 1) + jokers;
  }

  /** Whether the regular cards set aside for groups at a value fit into groups with `jokers` jokers. */
  groupsFit(real: number, most: number, jokers: number): boolean {
    return this.fits[this.fitAt(real, most, jokers)] === 1;
  }

  /** Whether the suits from `stage` on can add cards to the groups of value `v` so that they fit, jokers left `left`. */
  canFinish(v: number, stage: number, real: number, most: number, left: number): boolean {
    const at =
      (v * 5 + stage) * (this.maxReal + 1) * (this.model.maxCopies + 1) * (this.model.jokers + 1) +
      this.fitAt(real, most, left);
    let known = this.finish[at]!;
    if (known === 0) {
      known = this.finishes(v, stage, real, most, left) ? 2 : 1;
      this.finish[at] = known;
    }
    return known === 2;
  }

  private finishes(v: number, stage: number, real: number, most: number, left: number): boolean {
    if (stage === 4) {
      for (let j = 0; j <= left; j++) if (this.groupsFit(real, most, j)) return true;
      return false;
    }
    const n = this.avail[faceIndex(stage, v)]!;
    for (let g = 0; g <= n; g++) {
      if (this.canFinish(v, stage + 1, real + g, Math.max(most, g), left)) return true;
    }
    return false;
  }
}
