// Identifiers a target mints (ids, tx_hash, addresses, tokens) are not compared as values: each
// side's is paired with the other's where it first appears, per namespace (one resource's field),
// and from then on must stay paired (a bijection), so that a write's id on each side is followed.

/** A namespace: `trading order.id`, `wallet wallet.address`, `wallet token`. */
export type Namespace = string;

export type Pairing = 'new' | 'same' | 'conflict';

export class IdentifierMap {
  private readonly forward = new Map<Namespace, Map<string, string>>();
  private readonly backward = new Map<Namespace, Map<string, string>>();
  private pairs = 0;

  /** Pairs `from` with `to` in the namespace: new, the same as before, or a conflict with an earlier pairing of either. */
  pair(namespace: Namespace, from: string, to: string): Pairing {
    const fwd = this.forward.get(namespace) ?? new Map<string, string>();
    const bwd = this.backward.get(namespace) ?? new Map<string, string>();
    const known = fwd.get(from);
    if (known !== undefined) return known === to ? 'same' : 'conflict';
    if (bwd.has(to)) return 'conflict';
    fwd.set(from, to);
    bwd.set(to, from);
    this.forward.set(namespace, fwd);
    this.backward.set(namespace, bwd);
    this.pairs++;
    return 'new';
  }

  /** The value `from` is paired with in the namespace. */
  get(namespace: Namespace, from: string): string | undefined {
    return this.forward.get(namespace)?.get(from);
  }

  /** Whether `to` is paired already (with some value) in the namespace. */
  taken(namespace: Namespace, to: string): boolean {
    return this.backward.get(namespace)?.has(to) ?? false;
  }

  /**
   * What `from` stands for where the namespace is known only by its kind (a request's field or path
   * segment): the one value it is paired with in the namespaces `within` accepts, if they agree.
   */
  lookup(within: (namespace: Namespace) => boolean, from: string): string | undefined {
    const found = new Set<string>();
    for (const [namespace, fwd] of this.forward) {
      const to = within(namespace) ? fwd.get(from) : undefined;
      if (to !== undefined) found.add(to);
    }
    return found.size === 1 ? [...found][0] : undefined;
  }

  get size(): number {
    return this.pairs;
  }
}
