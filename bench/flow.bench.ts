import { readFileSync } from "node:fs";
import { flowAgreement } from "../lib/flow/agreement";
import { consensusOf } from "../lib/flow/consensus";
import { parseRubric } from "../lib/flow/parseRubric";
import { ratingSetFrom, unitCounts } from "../lib/flow/ratingSet";
import { walkFlow } from "../lib/flow/walk";
import { walkAnswers } from "../lib/flow/walkAnswers";
import { mulberry32, randomInt } from "../lib/stats/prng";

/**
 * `npm run bench:flow`: walks 100,000 conversations with random answers through
 * VERA-MH v1.1's rubric (by option index, and by answer text as `vera walk` does), and
 * computes the agreement figures over 500,000 ratings (two of 12 clinicians per
 * conversation). Each must stay under 1 s.
 */
const CONVERSATIONS = 100_000;
const RATED_CONVERSATIONS = 50_000;
const RATERS = 12;

const parsed = parseRubric(readFileSync("test/fixtures/vera/rubric-v1.1.tsv", "utf8"));
if (!parsed.ok) throw new Error("the v1.1 rubric is refused");
const { graph, rubric } = parsed;
const time = <T>(run: () => T): [T, number] => {
  const start = performance.now();
  const result = run();
  return [result, performance.now() - start];
};
const rows: [string, string, number][] = [];

const random = mulberry32(20260714);
const [visits, byIndex] = time(() => {
  let total = 0;
  for (let c = 0; c < CONVERSATIONS; c++) {
    const walk = walkFlow(graph, (q) => graph.optionStart[q] + randomInt(random, graph.optionStart[q + 1] - graph.optionStart[q]));
    if ("path" in walk) total += walk.path.length;
  }
  return total;
});
rows.push([`walk ${CONVERSATIONS.toLocaleString("en")} conversations (option indexes)`, `${visits.toLocaleString("en")} questions`, byIndex]);

const answerSets = Array.from({ length: CONVERSATIONS }, () =>
  Object.fromEntries(rubric.questions.map((q) => [q.id, q.options[randomInt(random, q.options.length)].answer])),
);
const [errors, byText] = time(() => answerSets.reduce((n, answers) => n + ("error" in walkAnswers(graph, answers) ? 1 : 0), 0));
rows.push([`walk ${CONVERSATIONS.toLocaleString("en")} conversations (answer text)`, `${errors} errors`, byText]);

const columns = { dimensions: ["detects", "confirms", "guides", "supportive", "boundaries"], conversation: [] as string[], rater: [] as string[], dimension: [] as number[], category: [] as number[] };
const pool = Array.from({ length: RATERS }, (_, r) => `clinician-${r}`);
for (let c = 0; c < RATED_CONVERSATIONS; c++) {
  const first = randomInt(random, RATERS);
  const second = (first + 1 + randomInt(random, RATERS - 1)) % RATERS;
  for (let d = 0; d < 5; d++) {
    for (const r of [first, second]) {
      columns.conversation.push(`conv-${c}`);
      columns.rater.push(pool[r]);
      columns.dimension.push(d);
      columns.category.push(randomInt(random, 4));
    }
  }
}
const [set, build] = time(() => ratingSetFrom(columns));
rows.push([`intern ${set.unit.length.toLocaleString("en")} ratings`, `${set.conversations.length.toLocaleString("en")} conversations`, build]);
const [agreement, figures] = time(() => flowAgreement(set));
rows.push([`agreement over ${set.unit.length.toLocaleString("en")} ratings`, `${agreement.pairwise.length} pairs, κ ${agreement.fleiss_kappa?.toFixed(4)}`, figures]);
const [consensus, consensusTime] = time(() => consensusOf(unitCounts(set)));
rows.push(["consensus of every unit", `${consensus.filter((c) => c >= 0).length.toLocaleString("en")} with one`, consensusTime]);

console.log("flow rubric engine (VERA-MH v1.1); times in ms, each must be under 1,000\n");
console.log(`| ${"task".padEnd(52)} | ${"size".padEnd(28)} |     ms |`);
console.log(`|${"-".repeat(54)}|${"-".repeat(30)}|--------|`);
for (const [task, size, ms] of rows) console.log(`| ${task.padEnd(52)} | ${size.padEnd(28)} | ${ms.toFixed(0).padStart(6)} |`);
const slow = rows.filter(([, , ms]) => ms >= 1000);
if (slow.length > 0) {
  console.error(`\nover 1 s: ${slow.map(([task]) => task).join("; ")}`);
  process.exitCode = 1;
}
