// Every secret seen, found in a text in one pass: a radix trie of the secrets' forms, walked from
// each position of the text as far as the text goes on being the beginning of some form. A
// position costs the characters it shares with a form's beginning (at most the longest form), one
// Map look-up per trie node on the way, never a step per secret: masking costs the same with 1 or
// 100,000 secrets seen. A form is added in its own length (a node split at most), nothing rebuilt:
// a proxy learns a key on one exchange and masks the next with it.

interface Node {
  /** Set when a form ends here: what replaces it. */
  mask?: string | undefined;
  /** The edges out, by their label's first character. */
  edges?: Map<string, Edge> | undefined;
}

interface Edge {
  label: string;
  to: Node;
}

export class SecretMatcher {
  private readonly root: Node = {};
  /** Characters compared and nodes passed by replace() since made: its work, counted without a clock. */
  steps = 0;

  /** `form` is replaced by `mask` from now on; a form added again keeps its first mask. */
  add(form: string, mask: string): void {
    if (form === '') return;
    let node = this.root;
    let at = 0;
    for (;;) {
      if (at === form.length) {
        node.mask ??= mask;
        return;
      }
      node.edges ??= new Map();
      const edge = node.edges.get(form[at] as string);
      if (edge === undefined) {
        node.edges.set(form[at] as string, { label: form.slice(at), to: { mask } });
        return;
      }
      const common = sharedLength(edge.label, form, at);
      if (common < edge.label.length) {
        // The edge splits where the form leaves it: the part they share leads to a new node.
        const middle: Node = { edges: new Map([[edge.label[common] as string, { label: edge.label.slice(common), to: edge.to }]]) };
        edge.label = edge.label.slice(0, common);
        edge.to = middle;
      }
      node = edge.to;
      at += common;
    }
  }

  /** The text with each form replaced, leftmost first and the longest where several start at one place. */
  replace(text: string): string {
    if (this.root.edges === undefined) return text;
    let out = '';
    let copied = 0;
    let i = 0;
    while (i < text.length) {
      const found = this.longestAt(text, i);
      if (found === undefined) {
        i++;
        continue;
      }
      out += text.slice(copied, i) + found.mask;
      i += found.length;
      copied = i;
    }
    return copied === 0 ? text : out + text.slice(copied);
  }

  /** The longest form that starts at `i`, if any. */
  private longestAt(text: string, i: number): { mask: string; length: number } | undefined {
    let node = this.root;
    let at = i;
    let found: { mask: string; length: number } | undefined;
    for (;;) {
      this.steps++;
      const edge = node.edges?.get(text[at] as string);
      if (edge === undefined) return found;
      this.steps += edge.label.length;
      if (!text.startsWith(edge.label, at)) return found;
      at += edge.label.length;
      node = edge.to;
      if (node.mask !== undefined) found = { mask: node.mask, length: at - i };
    }
  }
}

/** How many characters `label` and `form` (from `at`) share at their start. */
function sharedLength(label: string, form: string, at: number): number {
  let n = 0;
  while (n < label.length && at + n < form.length && label[n] === form[at + n]) n++;
  return n;
}
