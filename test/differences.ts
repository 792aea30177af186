/** Compares every number to 1e-9 and everything else exactly; returns the paths that differ. */
export function differences(actual: unknown, expected: unknown, path = "", skip: (path: string) => boolean = () => false): string[] {
  if (skip(path)) return [];
  if (typeof expected === "number") {
    return typeof actual === "number" && Math.abs(actual - expected) <= 1e-9 ? [] : [`${path}: ${actual} ≠ ${expected}`];
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length) return [`${path}: length differs`];
    return expected.flatMap((e, i) => differences(actual[i], e, `${path}[${i}]`, skip));
  }
  if (expected !== null && typeof expected === "object") {
    if (actual === null || typeof actual !== "object") return [`${path}: not an object`];
    return Object.entries(expected).flatMap(([k, e]) => differences((actual as Record<string, unknown>)[k], e, `${path}.${k}`, skip));
  }
  return actual === expected ? [] : [`${path}: ${JSON.stringify(actual)} ≠ ${JSON.stringify(expected)}`];
}
