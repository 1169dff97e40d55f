/**
 * One pending or settled promise per key: a hover, a click and a loader asking for the same file
 * share one load. A failed load is forgotten, so a later call loads again. With `enabled` false
 * (the dev server, whose data changes under a running page) every call loads.
 */
export interface PromiseCache<T> {
  get(key: string, load: () => Promise<T>): Promise<T>;
  delete(key: string): void;
}

export function promiseCache<T>(enabled = true): PromiseCache<T> {
  const promises = new Map<string, Promise<T>>();
  return {
    get(key, load) {
      let promise = enabled ? promises.get(key) : undefined;
      if (!promise) {
        promise = load();
        if (enabled) promises.set(key, promise);
        promise.catch(() => promises.delete(key));
      }
      return promise;
    },
    delete(key) {
      promises.delete(key);
    },
  };
}
