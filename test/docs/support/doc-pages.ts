// The user documentation the docs tests read: README.md, docs/guides/*.md and docs/reference/*.md,
// and the fenced code blocks in them.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Paths relative to the repository root. */
export function docPages(): string[] {
  const under = (dir: string) => readdirSync(join(ROOT, dir)).filter((f) => f.endsWith('.md')).sort().map((f) => `${dir}/${f}`);
  return ['README.md', ...under('docs/guides'), ...under('docs/reference')];
}

export interface CodeBlock {
  /** Page path relative to the root. */
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  /** 1-based line of the closing fence. */
  endLine: number;
  /** First word of the info string (`sh`, `ts`, `text`, …), '' when none. */
  lang: string;
  /** The reason after `no-run:`, or undefined when the block is not marked. */
  noRun?: string;
  /** Whatever else the info string holds (must be empty: an unknown marker is a mistake). */
  extra: string;
  content: string;
}

const FENCE = /^( {0,3})(`{3,}|~{3,})\s*(.*)$/;

/** The fenced code blocks of a Markdown text, in order (indented fences in list items included). */
export function codeBlocks(file: string, text = readFileSync(join(ROOT, file), 'utf8')): CodeBlock[] {
  const lines = text.split('\n');
  const blocks: CodeBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i] as string);
    if (!open) continue;
    const [, indent, fence, info] = open as unknown as [string, string, string, string];
    let end = i + 1;
    while (end < lines.length && !new RegExp(`^ {0,3}${fence[0]}{${fence.length},}\\s*$`).test(lines[end] as string)) end++;
    const body = lines.slice(i + 1, end).map((l) => (l.startsWith(indent) ? l.slice(indent.length) : l.trimStart()));
    const match = /^(\S*)\s*(.*)$/.exec(info.trim()) as RegExpExecArray;
    const rest = match[2] ?? '';
    const noRun = /^no-run:\s*(.*)$/.exec(rest);
    blocks.push({
      file,
      line: i + 1,
      endLine: end + 1,
      lang: match[1] ?? '',
      ...(noRun ? { noRun: (noRun[1] ?? '').trim() } : {}),
      extra: noRun ? '' : rest,
      content: body.join('\n'),
    });
    i = end;
  }
  return blocks;
}

/** Markdown outside fenced code blocks (links and headings inside code are not links or headings). */
export function prose(text: string): string {
  return text.replace(/^( {0,3})(`{3,}|~{3,})[^\n]*\n[\s\S]*?^ {0,3}\2[`~]*[ \t]*$/gm, '');
}
