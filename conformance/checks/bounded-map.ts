// A Map that forgets its oldest entries past a size: what an observer remembers of a long stream
// (a proxy runs for days) stays bounded.
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(private readonly most: number) {
    super();
  }

  override set(key: K, value: V): this {
    if (!this.has(key) && this.size >= this.most) this.delete(this.keys().next().value as K);
    return super.set(key, value);
  }
}
