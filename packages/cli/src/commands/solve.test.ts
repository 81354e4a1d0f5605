import { describe, expect, it } from 'vitest';
import { main } from '../main.js';

async function run(argv: string[]): Promise<{ code: number; lines: string[] }> {
  const lines: string[] = [];
  const code = await main(argv, (line) => lines.push(line));
  return { code, lines };
}

describe('tabula solve skirmish', () => {
  it('prints the value and the optimal opening of a small deck', async () => {
    const { code, lines } = await run(['solve', 'skirmish', '--ships', '3']);
    expect(code).toBe(0);
    expect(lines.join('\n')).toContain(
      'Value, the chance that seat 0 wins, a shared win counting half: 0.500000',
    );
    // Ships 1..3 over three 1-VP planets: the middle ship three times in five, the others once in five.
    expect(lines.join('\n')).toContain('ship 1: 20.0%, ship 2: 60.0%, ship 3: 20.0%');
  });

  it('writes JSON with the value and, for each first planet, the strategy (ship → probability)', async () => {
    const { code, lines } = await run(['solve', 'skirmish', '--ships', '6', '--objective', 'vp', '--json']);
    expect(code).toBe(0);
    const json = JSON.parse(lines.join('\n'));
    expect(json.objective).toBe('vp');
    expect(json.value).toBeCloseTo(0, 12);
    expect(json.openings.map((o: { planetVp: number }) => o.planetVp)).toEqual([1, 2]);
    for (const o of json.openings) {
      const total = Object.values(o.strategy as Record<string, number>).reduce((s, p) => s + p, 0);
      expect(total).toBeCloseTo(1, 12);
      expect(Object.keys(o.strategy)).toEqual(['1', '2', '3', '4', '5', '6']);
    }
  });

  it('refuses a missing or bad deck size, an unknown objective and another game', async () => {
    const fails = async (argv: string[]) => (await run(['solve', ...argv])).code;
    expect(await fails(['skirmish'])).toBe(2);
    expect(await fails(['skirmish', '--ships', '0'])).toBe(2);
    expect(await fails(['skirmish', '--ships', '11'])).toBe(2);
    expect(await fails(['skirmish', '--ships', '3', '--objective', 'fun'])).toBe(2);
    expect(await fails(['rummy', '--ships', '3'])).toBe(2);
  });
});
