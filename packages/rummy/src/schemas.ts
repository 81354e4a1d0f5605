import { Type } from '@sinclair/typebox';

/**
 * JSON Schemas (TypeBox) of what `rummyGame` takes and gives: the config, an
 * action, a state (the pure `RoundState`) and a view (`RoundView`). They
 * describe exactly what the definition produces, so untrusted JSON can be
 * checked against them; the rules' own checks (a valid meld, cards that fit
 * the deck) come on top.
 */

/** A card string: rank + suit or a joker colour, and an optional back (`Kh`, `Khr`, `wb`, `wbr`). */
export const CardSchema = Type.String({ pattern: '^(?:[A2-9TJQK][cdhs]|w[br])[rb]?$' });

const rulesFields = {
  decks: Type.Integer({ minimum: 1 }),
  jokers: Type.Integer({ minimum: 0 }),
  handSize: Type.Integer({ minimum: 1 }),
  openingPoints: Type.Integer({ minimum: 0 }),
  jokerPenalty: Type.Integer({ minimum: 0 }),
};

export const RulesSchema = Type.Object(rulesFields, { additionalProperties: false });

export const ConfigSchema = Type.Object(
  {
    /** How many players; seats are 0 .. players - 1 in join order. */
    players: Type.Integer({ minimum: 2 }),
    /** The rules; a left-out field takes the default (2 decks, 2 jokers, 14 cards, 30 to open, 30 a joker). */
    rules: Type.Optional(Type.Partial(Type.Object(rulesFields), { additionalProperties: false })),
  },
  { additionalProperties: false },
);

export const DrawSchema = Type.Object({ type: Type.Literal('draw') }, { additionalProperties: false });
export const PassSchema = Type.Object({ type: Type.Literal('pass') }, { additionalProperties: false });
export const PlaySchema = Type.Object(
  {
    type: Type.Literal('play'),
    /** The whole new table: each meld its cards (with backs), the kind guessed as `play` does. */
    layout: Type.Array(Type.Array(CardSchema)),
  },
  { additionalProperties: false },
);
export const ActionSchema = Type.Union([DrawSchema, PassSchema, PlaySchema]);

export const TableMeldSchema = Type.Object(
  {
    kind: Type.Union([Type.Literal('group'), Type.Literal('run')]),
    cards: Type.Array(CardSchema, { minItems: 3, maxItems: 13 }),
  },
  { additionalProperties: false },
);

const Seat = Type.Integer({ minimum: 0 });
const Status = Type.Union([Type.Literal('playing'), Type.Literal('over')]);

export const StateSchema = Type.Object(
  {
    rules: RulesSchema,
    status: Status,
    hands: Type.Array(Type.Array(CardSchema), { minItems: 2 }),
    stock: Type.Array(CardSchema),
    table: Type.Array(TableMeldSchema),
    opened: Type.Array(Type.Boolean()),
    current: Seat,
    passes: Type.Integer({ minimum: 0 }),
    winner: Type.Union([Seat, Type.Null()]),
    scores: Type.Array(Type.Integer()),
  },
  { additionalProperties: false },
);

export const ViewSchema = Type.Object(
  {
    rules: RulesSchema,
    status: Status,
    /** The viewer's seat, null for a spectator. */
    seat: Type.Union([Seat, Type.Null()]),
    /** The viewer's own cards, null for a spectator. */
    hand: Type.Union([Type.Array(CardSchema), Type.Null()]),
    handSizes: Type.Array(Type.Integer({ minimum: 0 })),
    opened: Type.Array(Type.Boolean()),
    table: Type.Array(TableMeldSchema),
    stockCount: Type.Integer({ minimum: 0 }),
    current: Type.Union([Seat, Type.Null()]),
    passes: Type.Integer({ minimum: 0 }),
    winner: Type.Union([Seat, Type.Null()]),
    scores: Type.Union([Type.Array(Type.Integer()), Type.Null()]),
  },
  { additionalProperties: false },
);
