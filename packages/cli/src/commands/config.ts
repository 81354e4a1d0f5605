import type { AnyGame } from '@tabula/core';
import { parseWith } from '@tabula/core';
import { UsageError } from '../errors.js';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A partial config completed from a complete one: every field the partial
 * leaves out takes the default, objects are completed field by field (a
 * rummy `rules` with only `decks`), and anything else given (a number, a
 * list, null) replaces the default as it is, for the schema to judge.
 */
export function withDefaults(defaults: unknown, partial: unknown): unknown {
  if (!isRecord(defaults) || !isRecord(partial)) return partial;
  // Built from entries, so that a key such as "__proto__" stays a plain field for the schema to judge.
  return Object.fromEntries([
    ...Object.entries(defaults).filter(([key]) => !Object.hasOwn(partial, key)),
    ...Object.entries(partial).map(([key, value]) => [
      key,
      Object.hasOwn(defaults, key) ? withDefaults(defaults[key], value) : value,
    ]),
  ]);
}

/** The game's default config for that many players, or a usage error when the game cannot seat them. */
function defaultsFor(game: AnyGame, players: number): unknown {
  try {
    const config = game.defaultConfig(players);
    if (game.seatCount(config) !== players) throw new Error('seats');
    return config;
  } catch {
    throw new UsageError(`${game.id} cannot seat ${players} players`);
  }
}

/**
 * The game's config, the same way for every game: its default for that many
 * players, completed by --config JSON where given (`{"cube":false}` is a
 * backgammon config without a cube, the rest as by default), then checked by
 * the game's config schema.
 */
export function configFor(game: AnyGame, raw: string | boolean | undefined, players: number): unknown {
  const defaults = defaultsFor(game, players);
  if (raw === undefined) return defaults;
  let parsed: unknown;
  try {
    parsed = JSON.parse(String(raw));
  } catch {
    throw new UsageError(`--config is not JSON: ${String(raw)}`);
  }
  const config = parseWith(
    game.schemas.config,
    withDefaults(defaults, parsed),
    `The ${game.id} config`,
    'invalid_config',
  );
  if (game.seatCount(config) !== players) {
    throw new UsageError(
      `this ${game.id} config seats ${game.seatCount(config)}, but ${players} agents were named`,
    );
  }
  return config;
}
