// Every doppel decision (`x-doppel-decision`) in both documents, with where it lives.
import { escapePointer, loadSpec, INTERFACES, type InterfaceName } from './load-spec.js';

export interface Decision {
  id: string;
  summary: string;
  /** The seed section whose "not shown" (or silence) the decision resolves. */
  seed: string;
  iface: InterfaceName;
  /** JSON pointer of the node that carries the decision. */
  location: string;
}

let all: Decision[] | undefined;

export function decisions(): Decision[] {
  if (!all) {
    all = [];
    for (const iface of INTERFACES) walk(loadSpec(iface), '#', iface, all);
  }
  return all;
}

export function decision(id: string): Decision {
  const found = decisions().find((d) => d.id === id);
  if (!found) throw new Error(`no doppel decision ${id} in spec/`);
  return found;
}

function walk(node: unknown, at: string, iface: InterfaceName, out: Decision[]): void {
  if (Array.isArray(node)) {
    node.forEach((child, i) => walk(child, `${at}/${i}`, iface, out));
    return;
  }
  if (!node || typeof node !== 'object') return;
  for (const [key, value] of Object.entries(node)) {
    if (key === 'x-doppel-decision') {
      for (const d of Array.isArray(value) ? value : [value]) {
        out.push({ id: d.id, summary: String(d.summary).trim(), seed: String(d.seed ?? ''), iface, location: at });
      }
    } else {
      walk(value, `${at}/${escapePointer(key)}`, iface, out);
    }
  }
}
