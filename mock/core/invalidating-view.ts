// invalidatingView: an object as fake.models hands it out, which calls `changed` before any of its
// functions runs and any of its properties is set, at any depth of property access (models.trading.prices.set(…)).
// Direct changes to a namespace's backends bypass the pipeline, so they must still invalidate the
// answers it keeps (mock/core/answer-cache.ts). Values functions return are the backends' own.

export function invalidatingView<T extends object>(target: T, changed: () => void): T {
  const views = new WeakMap<object, object>();
  const view = <U extends object>(object: U): U => {
    let found = views.get(object) as U | undefined;
    if (found === undefined) {
      found = new Proxy(object, {
        // The target as receiver: a Map's size or a getter runs on the object itself, not on the proxy.
        get(inner, name) {
          const value: unknown = Reflect.get(inner, name);
          if (typeof value === 'function') {
            return (...args: unknown[]): unknown => {
              changed();
              return (value as (...a: unknown[]) => unknown).apply(inner, args);
            };
          }
          return typeof value === 'object' && value !== null ? view(value) : value;
        },
        set(inner, name, value) {
          changed();
          return Reflect.set(inner, name, value);
        },
        deleteProperty(inner, name) {
          changed();
          return Reflect.deleteProperty(inner, name);
        },
      });
      views.set(object, found);
    }
    return found;
  };
  return view(target);
}
