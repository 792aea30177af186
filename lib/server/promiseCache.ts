import "server-only";

export interface Cached<T> {
  key: string;
  report: Promise<T>;
  cached: boolean;
}

/**
 * The `kept` most recently used results by key; in-flight computations are shared, and
 * a failed one is forgotten so the next request tries again.
 */
export function promiseCache<T>(kept: number) {
  const results = new Map<string, Promise<T>>();
  /** The result under `key` if kept (now the most recently used), else undefined. */
  const peek = (key: string): Promise<T> | undefined => {
    const hit = results.get(key);
    if (hit) {
      results.delete(key);
      results.set(key, hit);
    }
    return hit;
  };
  const get = (key: string, compute: () => Promise<T>): Cached<T> => {
    const hit = peek(key);
    if (hit) return { key, report: hit, cached: true };
    const report = compute();
    results.set(key, report);
    report.catch(() => results.delete(key));
    while (results.size > kept) results.delete(results.keys().next().value as string);
    return { key, report, cached: false };
  };
  return { get, peek };
}
