// Every secret seen, found in a text in one pass: a radix trie of the secrets' forms, walked from
// each position of the text as far as the text goes on being the beginning of some form. A
// position costs the characters it shares with a form's beginning (at most the longest form), one
// Map look-up per trie node on the way, never a step per secret: masking costs the same with 1 or
// 100,000 secrets seen. A form is added in its own length (a node split at most), nothing rebuilt:
// a proxy learns a key on one exchange and masks the next with it.

interface Node {
  /** Set when a form ends here: what replaces it. */
  mask?: string | undefined;
  /** The edges out, by their label's first UTF-16 code unit. */
  edges?: Map<number, Edge> | undefined;
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
      const edge = node.edges.get(form.charCodeAt(at));
      if (edge === undefined) {
        node.edges.set(form.charCodeAt(at), { label: form.slice(at), to: { mask } });
        return;
      }
      const common = sharedLength(edge.label, form, at);
      if (common < edge.label.length) {
        // The edge splits where the form leaves it: the part they share leads to a new node.
        const middle: Node = { edges: new Map([[edge.label.charCodeAt(common), { label: edge.label.slice(common), to: edge.to }]]) };
        edge.label = edge.label.slice(0, common);
        edge.to = middle;
      }
      node = edge.to;
      at += common;
    }
  }

  /** The text with each form replaced, leftmost first and the longest where several start at one place. */
  replace(text: string): string {
    const first = this.root.edges;
    if (first === undefined) return text;
    let out = '';
    let copied = 0;
    let i = 0;
    let steps = 0;
    while (i < text.length) {
      steps++;
      let edge = first.get(text.charCodeAt(i));
      // Most places start no form: one look-up each.
      if (edge === undefined) {
        i++;
        continue;
      }
      let at = i;
      let mask: string | undefined;
      let end = i;
      while (edge !== undefined) {
        steps += edge.label.length;
        if (!text.startsWith(edge.label, at)) break;
        at += edge.label.length;
        if (edge.to.mask !== undefined) {
          mask = edge.to.mask;
          end = at;
        }
        steps++;
        edge = edge.to.edges?.get(text.charCodeAt(at));
      }
      if (mask === undefined) {
        i++;
        continue;
      }
      out += text.slice(copied, i) + mask;
      i = end;
      copied = i;
    }
    this.steps += steps;
    return copied === 0 ? text : out + text.slice(copied);
  }
}

/** How many characters `label` and `form` (from `at`) share at their start. */
function sharedLength(label: string, form: string, at: number): number {
  let n = 0;
  while (n < label.length && at + n < form.length && label[n] === form[at + n]) n++;
  return n;
}
