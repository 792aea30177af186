import { writeFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { scoringInputFromBundle } from "../../lib/scoring/input";
import { DEFAULT_SCORING, scoreModels } from "../../lib/scoring/report";
import { scoreSummary } from "../../lib/scoring/summary";
import { integer, readRecord, readValidBundle } from "./args";
import type { Command } from "./index";

const USAGE =
  "usage: npm run --silent concord -- score BUNDLE.jsonl --panel J1,J2,J3 | --freeze RECORD.json [--models M1,M2] [--resamples N] [--seed S] [--out FILE]";

const list = (value: string) => value.split(",").map((s) => s.trim()).filter((s) => s !== "");

export const scoreCommand: Command = {
  async run(args) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        panel: { type: "string" },
        freeze: { type: "string" },
        models: { type: "string" },
        resamples: { type: "string" },
        seed: { type: "string" },
        out: { type: "string" },
      },
    });
    if (positionals.length !== 1 || (values.panel === undefined) === (values.freeze === undefined)) {
      process.stderr.write(`${USAGE}\n(give the panel as exactly one of --panel and --freeze)\n`);
      return 2;
    }
    const resamples = integer(values.resamples, "resamples", DEFAULT_SCORING.resamples);
    const seed = integer(values.seed, "seed", DEFAULT_SCORING.seed);
    if (resamples < 0) throw new Error("--resamples must be 0 or more");
    let panel: string[];
    if (values.freeze !== undefined) {
      const record = await readRecord(values.freeze);
      if (typeof record === "string") {
        process.stderr.write(`${record}\n`);
        return 1;
      }
      panel = record.judges;
    } else {
      panel = list(values.panel ?? "");
      if (panel.length === 0) throw new Error("--panel needs at least one judge id");
    }
    const parsed = await readValidBundle(positionals[0]);
    if (!parsed) return 1;

    const input = scoringInputFromBundle(parsed.bundle, parsed.descriptors);
    const judged = new Set([...parsed.bundle.verdicts.map((v) => v.judge), ...parsed.descriptors.judges.map((j) => j.id)]);
    for (const judge of panel) if (!judged.has(judge)) process.stderr.write(`warning: panel judge "${judge}" has no verdict in the bundle\n`);
    let models: string[] | undefined;
    if (values.models !== undefined) {
      models = list(values.models);
      const known = new Set([...input.responses.map((r) => r.model), ...parsed.descriptors.models.map((m) => m.id)]);
      const unknown = models.filter((m) => !known.has(m));
      if (unknown.length > 0) throw new Error(`--models: unknown model${unknown.length > 1 ? "s" : ""} ${unknown.map((m) => `"${m}"`).join(", ")} (no response or model line)`);
    }
    const report = scoreModels(input, { panel, models, resamples, seed });
    const json = `${JSON.stringify(report, null, 1)}\n`;
    if (values.out) await writeFile(values.out, json);
    else process.stdout.write(json);
    process.stderr.write(scoreSummary(report));
    return 0;
  },
};
