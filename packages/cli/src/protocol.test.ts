import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { matches, playGame } from '@tabula/core';
import { skirmishGame } from '@tabula/skirmish';
import { describe, expect, it } from 'vitest';
import { tabula, workDir } from '../test/tabula.js';
import { closeAgents, ExternalAgent } from './external.js';
import {
  AgentRequests,
  EngineRequests,
  EngineResults,
  protocolDocument,
  ResponseSchema,
} from './protocol.js';
import { createAgent } from './registry.js';

const docs = new URL('../../../docs/', import.meta.url);
const write = process.env.TABULA_WRITE_DOCS === '1';

/** The session shown in docs/protocol.md: a skirmish game begun, bad lines included. */
const SESSION = [
  { id: 1, type: 'new', seed: 7 },
  { id: 2, type: 'legal', seat: 0 },
  { id: 3, type: 'parse', seat: 0, text: 'play 15' },
  { id: 4, type: 'apply', seat: 0, action: { type: 'play', card: 15 } },
  { id: 5, type: 'best', seat: 1, agent: 'bidder' },
  { id: 6, type: 'apply', seat: 1, action: { type: 'play', card: 1 } },
  { id: 7, type: 'outcome' },
  { id: 8, type: 'apply', seat: 0, action: { type: 'play', card: 15 } },
  { id: 9, type: 'describe', action: { type: 'play', card: 9 } },
  'this line is no JSON',
  { id: 10, type: 'legal', seat: 'first' },
  { id: 11, type: 'teleport' },
  { id: 12, type: 'quit' },
].map((request) => (typeof request === 'string' ? request : JSON.stringify(request)));

describe('docs/protocol.schema.json', () => {
  it('is the JSON Schema of every message, as the TypeBox schemas give it', () => {
    const path = new URL('protocol.schema.json', docs);
    const current = `${JSON.stringify(protocolDocument(), null, 2)}\n`;
    if (write) writeFileSync(path, current);
    // Compared as JSON: Biome formats the file its own way.
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual(JSON.parse(current));
  });

  it('documents every engine request in docs/protocol.md, with a result schema for each', () => {
    const doc = readFileSync(new URL('protocol.md', docs), 'utf8');
    for (const type of Object.keys(EngineRequests)) {
      expect(doc).toMatch(new RegExp(`^\\| \`${type}\` +\\|`, 'm'));
      expect(Object.keys(EngineResults)).toContain(type);
    }
  });
});

describe('the session in docs/protocol.md', () => {
  it('is what the real `tabula engine skirmish` answers', async () => {
    const { stdout, code } = await tabula(['engine', 'skirmish'], `${SESSION.join('\n')}\n`);
    expect(code).toBe(0);
    const answers = stdout.trim().split('\n');
    expect(answers).toHaveLength(SESSION.length);
    for (const answer of answers) expect(matches(ResponseSchema, JSON.parse(answer))).toBe(true);
    const block = [
      '```console',
      "$ tabula engine skirmish <<'EOF'",
      ...SESSION,
      'EOF',
      ...answers,
      '```',
    ].join('\n');
    const path = new URL('protocol.md', docs);
    const doc = readFileSync(path, 'utf8');
    const start = doc.indexOf('```console', doc.indexOf('<!-- transcript'));
    const end = doc.indexOf('```\n', start + 3) + 3;
    if (write) writeFileSync(path, doc.slice(0, start) + block + doc.slice(end));
    expect(readFileSync(path, 'utf8').slice(start, start + block.length)).toBe(block);
  });
});

describe('what Tabula sends a cmd: agent', () => {
  it('matches the agent request schemas: hello, then act, then quit', async () => {
    const log = join(workDir(), 'heard.jsonl');
    // A bot that keeps every line it hears and plays the first legal action.
    const script = [
      'import json, sys',
      `log = open(${JSON.stringify(log)}, "w")`,
      'for line in sys.stdin:',
      '    log.write(line); log.flush()',
      '    r = json.loads(line)',
      '    print(json.dumps({"id": r["id"], "ok": True, "result": {"index": 0}}), flush=True)',
      '    if r["type"] == "quit": break',
    ].join('\n');
    const agent = createAgent('skirmish', `cmd:python3 -c '${script}'`, { players: 2 });
    expect(agent).toBeInstanceOf(ExternalAgent);
    const { outcome } = await playGame(
      skirmishGame as never,
      { players: 2 },
      [agent, createAgent('skirmish', 'random')],
      4,
    );
    await closeAgents([agent], outcome);
    const heard = readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: keyof typeof AgentRequests });
    expect(heard[0]?.type).toBe('hello');
    expect(heard.at(-1)?.type).toBe('quit');
    expect(heard.slice(1, -1).every((m) => m.type === 'act')).toBe(true);
    for (const message of heard) expect(matches(AgentRequests[message.type], message)).toBe(true);
  });
});
