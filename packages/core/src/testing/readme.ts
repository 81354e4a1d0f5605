import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** One README code block that mirrors a runnable example file. */
export interface ReadmeExample {
  /** The example's path, relative to the README's folder. */
  readonly file: string;
  /** The code block's text, as the README shows it. */
  readonly shown: string;
  /** The example file's text. */
  readonly actual: string;
  /** The example's absolute path, for importing it. */
  readonly path: string;
}

const MARKER = /<!--\s*example:\s*(\S+)\s*-->\s*\n```(?:ts|typescript)\n([\s\S]*?)```/g;

/**
 * The examples a README shows. Each is a fenced `ts` block right after a
 * marker `<!-- example: examples/name.ts -->`; the file is the source of truth
 * and the block must repeat it verbatim, so the README cannot drift from code
 * that runs.
 */
export function readmeExamples(readmePath: string): ReadmeExample[] {
  const text = readFileSync(readmePath, 'utf8');
  const folder = dirname(readmePath);
  return [...text.matchAll(MARKER)].map((m) => {
    const file = m[1] as string;
    const path = resolve(folder, file);
    return { file, shown: m[2] as string, actual: readFileSync(path, 'utf8'), path };
  });
}

/** Runs an example file by importing it (its top-level code executes). */
export async function runExample(example: ReadmeExample): Promise<unknown> {
  return import(pathToFileURL(example.path).href);
}

/**
 * Checks every example a README shows: each block must repeat its file
 * verbatim, and each file must run without throwing. Returns the files, in
 * README order; throws at the first example that drifted or failed.
 */
export async function checkReadmeExamples(readmePath: string): Promise<string[]> {
  const examples = readmeExamples(readmePath);
  for (const example of examples) {
    if (example.shown !== example.actual) {
      throw new Error(
        `${readmePath}: the block for ${example.file} differs from the file; copy the file into the README`,
      );
    }
    await runExample(example);
  }
  return examples.map((e) => e.file);
}
