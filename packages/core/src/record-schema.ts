import { type Static, Type } from '@sinclair/typebox';

/** The JSON Schema of a game record (see `GameRecord`), for files from outside. */
export const GameRecordSchema = Type.Object(
  {
    game: Type.String({ minLength: 1 }),
    version: Type.String(),
    config: Type.Unknown(),
    seed: Type.Integer({ minimum: Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER }),
    players: Type.Optional(Type.Array(Type.String())),
    actions: Type.Array(Type.Object({ seat: Type.Integer({ minimum: 0 }), action: Type.Unknown() })),
    outcome: Type.Optional(
      Type.Union([
        Type.Null(),
        Type.Object({
          scores: Type.Array(Type.Number()),
          winners: Type.Array(Type.Integer()),
          reason: Type.String(),
        }),
      ]),
    ),
    forfeit: Type.Optional(
      Type.Object(
        { seat: Type.Integer({ minimum: 0 }), reason: Type.String() },
        { additionalProperties: false },
      ),
    ),
  },
  { $id: 'GameRecord' },
);

/**
 * The JSON Schema of a spectator record: what a spectator of a table still
 * being played may keep of it, each position as the spectator saw it. It has
 * no seed and no actions (a running game's seed is all its chance to come,
 * and an action may hold what a seat keeps hidden, as a skirmish bid), so it
 * plays back view by view but cannot be replayed or analysed.
 */
export const SpectatorRecordSchema = Type.Object(
  {
    game: Type.String({ minLength: 1 }),
    version: Type.String(),
    players: Type.Array(Type.String()),
    positions: Type.Array(
      Type.Object(
        {
          seq: Type.Integer({ minimum: 0 }),
          toAct: Type.Array(Type.Integer({ minimum: 0 })),
          view: Type.Unknown(),
        },
        { additionalProperties: false },
      ),
      { minItems: 1 },
    ),
  },
  { $id: 'SpectatorRecord', additionalProperties: false },
);

export type SpectatorRecord = Static<typeof SpectatorRecordSchema>;
