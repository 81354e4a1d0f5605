import type { AnyGame } from '@tabula/core';
import { parseWith } from '@tabula/core';
import { UsageError } from '../errors.js';

/** The game's config: from --config JSON (checked against the game's schema) or its default for that many players. */
export function configFor(game: AnyGame, raw: string | boolean | undefined, players: number): unknown {
  if (raw === undefined) {
    try {
      const config = game.defaultConfig(players);
      if (game.seatCount(config) !== players) throw new Error('seats');
      return config;
    } catch {
      throw new UsageError(`${game.id} cannot seat ${players} players`);
    }
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(String(raw));
  } catch {
    throw new UsageError(`--config is not JSON: ${String(raw)}`);
  }
  const config = parseWith(game.schemas.config, parsed, `The ${game.id} config`, 'invalid_config');
  if (game.seatCount(config) !== players) {
    throw new UsageError(
      `this ${game.id} config seats ${game.seatCount(config)}, but ${players} agents were named`,
    );
  }
  return config;
}
