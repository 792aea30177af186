import { confusionTotal, type Confusion } from "./confusion";

/** Share of units where both raters agree (accuracy when B is the truth). Null on no units. */
export function percentAgreement(c: Confusion): number | null {
  const n = confusionTotal(c);
  return n === 0 ? null : (c.n11 + c.n00) / n;
}
