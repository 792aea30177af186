/** Every k-subset of 0..n−1 in lexicographic order. */
export function combinations(n: number, k: number): number[][] {
  const out: number[][] = [];
  const current: number[] = [];
  const walk = (start: number) => {
    if (current.length === k) {
      out.push(current.slice());
      return;
    }
    for (let i = start; i <= n - (k - current.length); i++) {
      current.push(i);
      walk(i + 1);
      current.pop();
    }
  };
  if (k >= 1 && k <= n) walk(0);
  return out;
}
