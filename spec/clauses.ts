// The clauses of an interface document (docs/interfaces/<iface>.md): every checkable sentence with
// its stable id, derived from the markdown itself, so that a citation can be resolved and the
// traceability page (docs/reference/seed-coverage.md) lists each one. Portable: it reads text it
// is given, never the file system.
//
// Ids (`<iface> §<N>[ <locator>]`, docs/reference/seed-coverage.md):
// - item M of the numbered list of `## N.`: `trading §5.6`;
// - bullet K, 1-based in document order within `## N.` (bullets under its `###` subheadings too):
//   `trading §1 bullet 5`;
// - a row of a table directly under `## N.`: `<iface> §N <key>`, key `<METHOD> <path>` for a table
//   with Method and Path columns (the §4 endpoint tables), else the first cell, or the first two
//   joined by `.` when the first cell repeats across the table's rows (wallet §2: `Transaction.date`);
// - a row of a table under `### Sub`: `<iface> §N Sub.<key>` (key as above);
// - a prose paragraph under `### Sub`: `<iface> §N Sub`; directly under `## N.`: `<iface> §N <label>`,
//   the label being its text before the first colon or parenthesis (`trading §4 Conventions`,
//   `trading §6 Events, callbacks or notifications`, `wallet §8 Other limits`), or `paragraph K`.
// The text before `## 1.` (the document's introduction) holds no clause.

export type ClauseInterface = 'trading' | 'wallet';

export type ClauseForm = 'item' | 'bullet' | 'row' | 'prose';

export interface Clause {
  /** `trading §4 GET /api/v1/account/orders`. */
  id: string;
  iface: ClauseInterface;
  /** The `## N.` it belongs to. */
  section: number;
  form: ClauseForm;
  /** The clause as the document writes it (a row: its cells joined by ` | `). */
  text: string;
}

const cellsOf = (line: string): string[] =>
  line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((c) => c.trim());

/** Every clause of one document, in document order; throws on a duplicate id (the grammar failed). */
export function clausesOf(iface: ClauseInterface, markdown: string): Clause[] {
  const out: Clause[] = [];
  const lines = markdown.split(/\r?\n/);
  let section = 0;
  let sub = '';
  let bullets = 0;
  let paragraphs = 0;
  // `suffix`: `.M` for an item, else ` <locator>`.
  const add = (suffix: string, form: ClauseForm, text: string): void => {
    out.push({ id: `${iface} §${section}${suffix}`, iface, section, form, text });
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const heading = /^## (\d+)\. /.exec(line);
    if (heading) {
      section = Number(heading[1]);
      sub = '';
      bullets = 0;
      paragraphs = 0;
      continue;
    }
    if (section === 0) continue;
    const subheading = /^### (.+)$/.exec(line);
    if (subheading) {
      sub = (subheading[1] as string).trim();
      continue;
    }
    if (line.trim() === '') continue;
    const item = /^(\d+)\. (.+)$/.exec(line);
    if (item) {
      add(`.${item[1]}`, 'item', item[2] as string);
      continue;
    }
    const bullet = /^- (.+)$/.exec(line);
    if (bullet) {
      add(` bullet ${++bullets}`, 'bullet', bullet[1] as string);
      continue;
    }
    if (line.startsWith('|')) {
      const table: string[][] = [];
      while (i < lines.length && (lines[i] as string).startsWith('|')) table.push(cellsOf(lines[i++] as string));
      i--;
      const [header = [], , ...rows] = table;
      const method = header.indexOf('Method');
      const path = header.indexOf('Path');
      const firsts = rows.map((r) => r[0] ?? '');
      const repeats = new Set(firsts).size !== firsts.length;
      for (const row of rows) {
        const key = method >= 0 && path >= 0 ? `${row[method]} ${row[path]}` : repeats ? `${row[0]}.${row[1]}` : (row[0] as string);
        add(` ${sub ? `${sub}.${key}` : key}`, 'row', row.join(' | '));
      }
      continue;
    }
    // A paragraph: this line and the lines that follow it up to a blank line, heading, list or table.
    let text = line.trim();
    while (i + 1 < lines.length && /^[^#|\-\d\s]/.test(lines[i + 1] as string) && (lines[i + 1] as string).trim() !== '') text += ` ${(lines[++i] as string).trim()}`;
    const label = /^([^:(]+)[:(]/.exec(text)?.[1]?.trim();
    add(` ${sub || label || `paragraph ${++paragraphs}`}`, 'prose', text);
  }
  const ids = out.map((c) => c.id);
  const twice = ids.find((id, k) => ids.indexOf(id) !== k);
  if (twice) throw new Error(`clause id ${twice} occurs twice in the ${iface} document`);
  return out;
}
