// Part of the build (and so of prepack): renders docs/reference/api-reference.md, which is generated from the
// specs and kept current by a test, and the two interface documents into one self-contained page,
// dist/docs/api.html. markdown-it renders; the page has no script, no web font and no external
// reference, so it opens offline (test/docs/api-reference-html.test.ts looks at it in Chromium).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import MarkdownIt from 'markdown-it';

const root = new URL('../', import.meta.url);
const read = (path) => readFileSync(new URL(path, root), 'utf8');

/** GitHub's heading anchors (the same rule as slug() in scripts/api-reference.ts). */
export function slug(text) {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\- _]/gu, '')
    .replace(/ /g, '-');
}

/** Heading ids as GitHub gives them (a repeated heading gets -1, -2, …), and the outline for the sidebar. */
function headingIds(md, outline) {
  md.core.ruler.push('heading_ids', (state) => {
    const used = new Map();
    state.tokens.forEach((token, i) => {
      if (token.type !== 'heading_open') return;
      const text = state.tokens[i + 1].children.filter((t) => t.type === 'text' || t.type === 'code_inline').map((t) => t.content).join('');
      const base = slug(text);
      const n = used.get(base) ?? 0;
      used.set(base, n + 1);
      const id = n === 0 ? base : `${base}-${n}`;
      token.attrSet('id', id);
      outline.push({ level: Number(token.tag.slice(1)), id, text });
    });
  });
}

const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The interface documents, one heading level down, under the reference's own headings. */
function interfaceAppendix() {
  const parts = ['## Interface documents', '', 'The contract, transcribed verbatim from the seed documents (docs/interfaces/ in the package).', ''];
  for (const name of ['trading', 'wallet']) {
    const text = read(`docs/interfaces/${name}.md`).replace(/<!--[\s\S]*?-->\s*/, '');
    parts.push(text.replace(/^(#+) /gm, (_, hashes) => `${hashes}## `), '');
  }
  return parts.join('\n');
}

export function renderApiReferenceHtml() {
  const reference = read('docs/reference/api-reference.md')
    .replace(/\]\(\.\.\/interfaces\/(trading|wallet)\.md\)/g, (_, name) => `](#${slug(name === 'trading' ? 'Trading Service Interface' : 'Wallet Service Interface')})`)
    .replace(/\]\(\.\.\/interfaces\/\)/g, '](#interface-documents)');
  const outline = [];
  const md = new MarkdownIt({ html: true, linkify: false, typographer: false });
  headingIds(md, outline);
  const body = md.render(`${reference}\n${interfaceAppendix()}`);
  const nav = outline
    .filter((h) => h.level === 2 || (h.level === 3 && !/^schemas of/i.test(h.text) && !/^\d+\./.test(h.text)))
    .map((h) => `<a class="l${h.level}" href="#${h.id}">${escape(h.text)}</a>`)
    .join('\n');
  const version = JSON.parse(read('package.json')).version;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="doppel ${escape(version)} (scripts/build-docs-html.mjs)">
<title>doppel API reference</title>
<style>
:root { color-scheme: light; --fg: #1f2328; --muted: #59636e; --line: #d1d9e0; --bg-soft: #f6f8fa; --accent: #0b57d0; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.55 system-ui, -apple-system, "Segoe UI", "DejaVu Sans", sans-serif; color: var(--fg); }
nav { position: fixed; inset: 0 auto 0 0; width: 250px; overflow-y: auto; padding: 16px 12px; background: var(--bg-soft); border-right: 1px solid var(--line); font-size: 13px; }
nav .title { font-weight: 700; font-size: 15px; margin: 0 0 10px 6px; }
nav a { display: block; padding: 2px 6px; color: var(--fg); text-decoration: none; border-radius: 4px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
nav a.l2 { font-weight: 600; margin-top: 10px; }
nav a.l3 { padding-left: 16px; font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 12px; }
nav a:hover { background: var(--line); }
main { margin-left: 250px; padding: 8px 40px 80px; max-width: 1200px; }
h1 { font-size: 28px; border-bottom: 1px solid var(--line); padding-bottom: 8px; }
h2 { font-size: 22px; margin-top: 48px; border-bottom: 1px solid var(--line); padding-bottom: 6px; }
h3 { font-size: 18px; margin-top: 36px; font-family: ui-monospace, "DejaVu Sans Mono", monospace; }
h4 { font-size: 15px; margin-top: 24px; }
a { color: var(--accent); }
code { font: 13px ui-monospace, "DejaVu Sans Mono", monospace; background: var(--bg-soft); padding: 1px 4px; border-radius: 4px; }
pre { background: #0d1117; color: #e6edf3; padding: 12px 14px; border-radius: 6px; overflow-x: auto; }
pre code { background: none; color: inherit; padding: 0; }
table { border-collapse: collapse; margin: 8px 0 16px; font-size: 13px; display: block; overflow-x: auto; }
th, td { border: 1px solid var(--line); padding: 4px 8px; text-align: left; vertical-align: top; }
th { background: var(--bg-soft); }
td code { white-space: normal; word-break: break-word; }
td:first-child code { white-space: nowrap; word-break: normal; }
</style>
</head>
<body>
<nav><div class="title">doppel ${escape(version)}</div>
${nav}
</nav>
<main>
${body}</main>
</body>
</html>
`;
}

/** Where the page is written, and where `doppel mock` can serve it from (apiReferenceFile() in bin/api-reference-file.ts). */
export const API_REFERENCE_HTML = fileURLToPath(new URL('dist/docs/api.html', root));

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  mkdirSync(dirname(API_REFERENCE_HTML), { recursive: true });
  writeFileSync(API_REFERENCE_HTML, renderApiReferenceHtml());
}
