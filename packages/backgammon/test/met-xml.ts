import { readFileSync } from 'node:fs';

/** A match equity table as gnubg's MET XML files hold it (met.dtd): explicit tables only. */
export interface MetXml {
  name: string;
  description: string;
  length: number;
  /** The notice in the file's opening comment, verbatim. */
  notice: string;
  preCrawford: number[][];
  postCrawford: number[];
}

/** The path of the copy of gnubg 1.07's Kazaross-XG2.xml kept in the fixtures. */
export const KAZAROSS_XML = new URL('./fixtures/Kazaross-XG2.xml', import.meta.url);

function only(text: string, tag: string): string {
  const found = [...text.matchAll(new RegExp(`<${tag}(?:\\s[^>]*)?>([\\s\\S]*?)</${tag}>`, 'g'))];
  const [first] = found;
  if (found.length !== 1 || first?.[1] === undefined) throw new Error(`expected one <${tag}> in the MET`);
  return first[1];
}

function rows(table: string): number[][] {
  return [...table.matchAll(/<row>([\s\S]*?)<\/row>/g)].map((row) =>
    [...(row[1] ?? '').matchAll(/<me>\s*([^<\s]+)\s*<\/me>/g)].map((me) => {
      const value = Number(me[1]);
      if (!Number.isFinite(value) || value < 0 || value > 1) throw new Error(`no equity: ${me[1]}`);
      return value;
    }),
  );
}

/** Reads a gnubg MET file with explicit pre- and post-Crawford tables (one post-Crawford row, for both players). */
export function readMetXml(path: URL = KAZAROSS_XML): MetXml {
  const text = readFileSync(path, 'utf8');
  const notice = /<!--([\s\S]*?)-->/.exec(text)?.[1]?.trim() ?? '';
  const length = Number(only(text, 'length'));
  const preTable = only(text, 'pre-crawford-table');
  const postTable = only(text, 'post-crawford-table');
  if (!/<post-crawford-table type="explicit" player="both">/.test(text))
    throw new Error('expected one explicit post-Crawford table for both players');
  const preCrawford = rows(preTable);
  const [postCrawford, ...more] = rows(postTable);
  if (postCrawford === undefined || more.length > 0) throw new Error('expected one post-Crawford row');
  if (preCrawford.length !== length || preCrawford.some((row) => row.length !== length))
    throw new Error(`expected a ${length} x ${length} pre-Crawford table`);
  if (postCrawford.length !== length) throw new Error(`expected ${length} post-Crawford entries`);
  return {
    name: only(text, 'name').trim(),
    description: only(text, 'description').trim(),
    length,
    notice,
    preCrawford,
    postCrawford,
  };
}
