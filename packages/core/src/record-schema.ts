import { Type } from '@sinclair/typebox';

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
