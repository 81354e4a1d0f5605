/**
 * The shapes of rummy as JSON Schemas (TypeBox), the one source of truth: the
 * types below are derived from them. They say exactly what the engine makes,
 * so untrusted JSON is checked against them; the rules a schema cannot say
 * (a valid meld, cards that fit the deck, scores that follow from the hands)
 * are checked on top, in `state.ts`.
 */
import { type Static, type TSchema, Type } from '@sinclair/typebox';
import type { DeepReadonly } from '@tabula/core';
import { RANKS, SUITS } from './card.js';

/** Plain data as the engine hands it out: nothing in it is to be changed. */
type Data<S extends TSchema> = DeepReadonly<Static<S>>;

/** A card string: rank + suit or a joker colour, and an optional back (`Kh`, `Khr`, `wb`, `wbr`). */
export const CardSchema = Type.String({ pattern: `^(?:[${RANKS.join('')}][${SUITS.join('')}]|w[br])[rb]?$` });

/**
 * The bounds of the rules, here and nowhere else: the schemas below carry them
 * as `maximum`, so every way in (a config, `new Rules`, a saved round or game,
 * a record, the solver's position) refuses a value beyond them at once, with a
 * message that names the bound. Each number sizes something the engine builds
 * or walks (the deck, the hands, the scores), so none is left unbounded.
 */
/** The most decks of 52 cards. */
export const MAX_DECKS = 8;
/** The most jokers: 2 per deck (`rulesProblem` checks the rules' own decks). */
export const MAX_JOKERS = 2 * MAX_DECKS;
/** The most cards dealt to each player: a whole deck with its two jokers. */
export const MAX_HAND_SIZE = 54;
/** The most players of a round (and the deck must deal each a hand). */
export const MAX_PLAYERS = 16;
/** The most points to open with, and the most a joker left in hand costs. */
export const MAX_POINTS = 1000;
/** The most cards any rules' deck holds: 8 decks and 16 jokers. */
export const MAX_CARDS = 52 * MAX_DECKS + MAX_JOKERS;

export const RulesSchema = Type.Object(
  {
    /** Number of 52-card decks, 1 to 8. */
    decks: Type.Integer({ minimum: 1, maximum: MAX_DECKS }),
    /** Jokers in play, at most 2 per deck (a rule across fields, checked by `rulesProblem`). */
    jokers: Type.Integer({ minimum: 0, maximum: MAX_JOKERS }),
    /** Cards dealt to each player, 1 to 54. */
    handSize: Type.Integer({ minimum: 1, maximum: MAX_HAND_SIZE }),
    /** Points a player's first play must be worth, 0 to 1000. */
    openingPoints: Type.Integer({ minimum: 0, maximum: MAX_POINTS }),
    /** Penalty of a joker left in hand, 0 to 1000. */
    jokerPenalty: Type.Integer({ minimum: 0, maximum: MAX_POINTS }),
  },
  { additionalProperties: false },
);
/** The game parameters as plain data. */
export type RulesConfig = Data<typeof RulesSchema>;

export const ConfigSchema = Type.Object(
  {
    /** How many players, 2 to 16 (and no more than the deck deals a hand); seats are 0 .. players - 1 in join order, seat 0 starts. */
    players: Type.Integer({ minimum: 2, maximum: MAX_PLAYERS }),
    /** The rules; a left-out field takes the default (2 decks, 2 jokers, 14 cards, 30 to open, 30 a joker). */
    rules: Type.Optional(Type.Partial(RulesSchema, { additionalProperties: false })),
  },
  { additionalProperties: false },
);
/** A config of `rummyGame`: the number of players and, optionally, some or all of the rules. */
export type RummyConfig = Data<typeof ConfigSchema>;

/** A meld's type: a group (the PHP library's `Set`) or a run. */
export const MeldKindSchema = Type.Union([Type.Literal('group'), Type.Literal('run')]);
export type MeldKind = Static<typeof MeldKindSchema>;

/** A meld with its kind settled, as it lies on the table. */
export const TableMeldSchema = Type.Object(
  { kind: MeldKindSchema, cards: Type.Array(CardSchema, { minItems: 3, maxItems: 13 }) },
  { additionalProperties: false },
);
export type TableMeld = Data<typeof TableMeldSchema>;

/**
 * A meld of a layout given to `play`: its cards (kind guessed) or an explicit
 * `{ kind, cards }`. Only the shape: a bad card or an invalid meld has its own error.
 */
export const LayoutMeldSchema = Type.Union([
  Type.Array(Type.String(), { maxItems: MAX_CARDS }),
  Type.Object(
    { kind: MeldKindSchema, cards: Type.Array(Type.String(), { maxItems: MAX_CARDS }) },
    { additionalProperties: false },
  ),
]);
export type LayoutMeld = Data<typeof LayoutMeldSchema>;
/** A layout: no list longer than the biggest deck (the rules of a meld and of the deck come after the shape). */
export const LayoutSchema = Type.Array(LayoutMeldSchema, { maxItems: MAX_CARDS });

export const DrawSchema = Type.Object({ type: Type.Literal('draw') }, { additionalProperties: false });
export const PassSchema = Type.Object({ type: Type.Literal('pass') }, { additionalProperties: false });
export const PlaySchema = Type.Object(
  {
    type: Type.Literal('play'),
    /** The whole new table: each meld its cards (with backs), the kind guessed as `play` does. */
    layout: Type.Array(Type.Array(CardSchema, { maxItems: MAX_CARDS }), { maxItems: MAX_CARDS }),
  },
  { additionalProperties: false },
);
export const ActionSchema = Type.Union([DrawSchema, PassSchema, PlaySchema]);
/**
 * An action of `rummyGame`: draw a card, pass (only with an empty stock), or
 * play the new layout of the whole table.
 */
export type RummyAction = Static<typeof ActionSchema>;

const SeatSchema = Type.Integer({ minimum: 0, maximum: MAX_PLAYERS - 1 });
/** A list of cards: never more than the biggest deck holds. */
const CardsSchema = Type.Array(CardSchema, { maxItems: MAX_CARDS });
/** One entry per seat. */
const perSeat = <S extends TSchema>(item: S, minItems = 0) =>
  Type.Array(item, { minItems, maxItems: MAX_PLAYERS });

/** `playing` until a player goes out or everyone passes in a row, then `over`. */
export const RoundStatusSchema = Type.Union([Type.Literal('playing'), Type.Literal('over')]);
export type RoundStatus = Static<typeof RoundStatusSchema>;

/** One dealt round as plain JSON. Seats are numbered from 0 in join order. */
export const StateSchema = Type.Object(
  {
    rules: RulesSchema,
    status: RoundStatusSchema,
    /** Each seat's cards (strings with backs, e.g. `Khr`), in the order received. */
    hands: perSeat(CardsSchema, 2),
    /** The face-down stock; the next draw takes the first card. */
    stock: CardsSchema,
    table: Type.Array(TableMeldSchema, { maxItems: MAX_CARDS / 3 }),
    /** Whether each seat has made its opening play. */
    opened: perSeat(Type.Boolean()),
    /** The seat whose turn it is. */
    current: SeatSchema,
    /** Consecutive passes so far. */
    passes: Type.Integer({ minimum: 0, maximum: MAX_PLAYERS }),
    /** The winning seat once over, otherwise null. */
    winner: Type.Union([SeatSchema, Type.Null()]),
    /** Each seat's score once over, zeros while playing. */
    scores: perSeat(Type.Integer()),
  },
  { additionalProperties: false },
);
export type RummyState = Data<typeof StateSchema>;

const viewFields = {
  rules: RulesSchema,
  status: RoundStatusSchema,
  /** The viewer's seat, null for a spectator. */
  seat: Type.Union([SeatSchema, Type.Null()]),
  /** The viewer's own cards, null for a spectator (or, in a `GameView`, before the deal). */
  hand: Type.Union([Type.Array(CardSchema), Type.Null()]),
  /** How many cards each seat holds. */
  handSizes: Type.Array(Type.Integer({ minimum: 0 })),
  opened: Type.Array(Type.Boolean()),
  table: Type.Array(TableMeldSchema),
  stockCount: Type.Integer({ minimum: 0 }),
  /** Whose turn it is; null unless playing. */
  current: Type.Union([SeatSchema, Type.Null()]),
  passes: Type.Integer({ minimum: 0 }),
  winner: Type.Union([SeatSchema, Type.Null()]),
  /** The scores once over, null before. */
  scores: Type.Union([Type.Array(Type.Integer()), Type.Null()]),
};

/**
 * What one seat may know of a round: its own hand, the table, how many cards
 * the others hold and the stock size. Never other hands nor the stock order.
 */
export const ViewSchema = Type.Object(viewFields, { additionalProperties: false });
export type RummyView = Data<typeof ViewSchema>;

/** A player as saved: `id` tells players apart, `name` is for people. */
export const PlayerSchema = Type.Object(
  { id: Type.String({ minLength: 1 }), name: Type.String({ minLength: 1 }) },
  { additionalProperties: false },
);
export type PlayerJSON = Data<typeof PlayerSchema>;

/** `waiting` for players until the deal, then `playing`, then `over`. */
export const GameStatusSchema = Type.Union([Type.Literal('waiting'), RoundStatusSchema]);
export type GameStatus = Static<typeof GameStatusSchema>;

/** What one player of a `Game` may know: the view of the round (an empty one before the deal) and the players. */
export const GameViewSchema = Type.Object(
  { ...viewFields, status: GameStatusSchema, players: Type.Array(PlayerSchema) },
  { additionalProperties: false },
);
export type GameView = Data<typeof GameViewSchema>;

/** A whole `Game` as plain JSON, the PHP library's save: `round` is null until the deal. */
export const GameSchema = Type.Object(
  {
    rules: RulesSchema,
    players: Type.Array(PlayerSchema, { maxItems: MAX_PLAYERS }),
    round: Type.Union([StateSchema, Type.Null()]),
  },
  { additionalProperties: false },
);
export type GameJSON = Data<typeof GameSchema>;
