import { parseArgs } from "node:util";
import { ZodError } from "zod";
import { getDb } from "@/db/client";
import { changeRunStatus } from "@/lib/server/runs/changeRunStatus";
import { estimateRun } from "@/lib/server/runs/estimateRun";
import { readRunProgress, type RunProgress } from "@/lib/server/runs/getRunProgress";
import { listRuns } from "@/lib/server/runs/listRuns";
import type { RunEstimate } from "@/lib/server/runs/planRun";
import { startRun } from "@/lib/server/runs/startRun";
import { RunWorker } from "@/lib/server/runs/worker";
import { ServiceError } from "@/lib/server/errors";
import { cliCtx } from "@/lib/server/systemCtx";
import { integer } from "./args";
import type { Command } from "./index";

const USAGE = `usage: npm run --silent concord -- run <what> …
  run judges --set S --judges J1,J2 [--detach]          judge calibration set S
  run responses --models M1,M2 [--items I1,I2] [--runs 3] [--detach]   generate responses
  run grade --freeze F [--models M1,M2] [--items I1,I2] [--reference [--reference-from M]] [--detach]
                                                        grade with a frozen panel (and the reference ceiling)
  run flow --study N --judges J1,J2 [--detach]          judge flow study N's conversations question by question
  run simulate --personas P --user-model U --models M1,M2 [--only NAME1,NAME2] [--turns 30] [--runs 2] [--detach]
                                                        a user model role-plays persona set P against the models
  run estimate judges|responses|grade|flow|simulate …  what a run would cost, without starting it
  run status [RUN]                                      every run, or one run per judge/model
  run pause|resume|cancel RUN
  run work                                              work the queue until every run is done`;

const list = (value: string | undefined) => (value ? value.split(",").map((s) => s.trim()).filter(Boolean) : undefined);
const count = (n: number) => n.toLocaleString("en-US");

function requestOf(what: string, values: Record<string, string | boolean | undefined>): unknown {
  const s = (k: string) => (typeof values[k] === "string" ? (values[k] as string) : undefined);
  if (what === "judges") return { kind: "judge", setId: integer(s("set"), "set", 0), judges: list(s("judges")) ?? [] };
  if (what === "responses") return { kind: "respond", models: list(s("models")) ?? [], items: list(s("items")), runs: integer(s("runs"), "runs", 3) };
  if (what === "grade") {
    return { kind: "grade", freezeId: integer(s("freeze"), "freeze", 0), models: list(s("models")), items: list(s("items")), reference: values.reference === true || s("reference-from") !== undefined, referenceFrom: s("reference-from") };
  }
  if (what === "flow") return { kind: "flow_judge", studyId: integer(s("study"), "study", 0), judges: list(s("judges")) ?? [] };
  if (what === "simulate") {
    return {
      kind: "simulate", personaSetId: integer(s("personas"), "personas", 0), userModel: s("user-model") ?? "", models: list(s("models")) ?? [], personas: list(s("only")),
      turns: integer(s("turns"), "turns", 30), runs: integer(s("runs"), "runs", 2),
    };
  }
  throw new ServiceError(`unknown run "${what}": judges, responses, grade, flow or simulate`, 2);
}

function printEstimate(estimate: RunEstimate & { title: string }): void {
  process.stdout.write(`${estimate.title}\n`);
  process.stdout.write(`  ${"who".padEnd(24)} ${"endpoint".padEnd(20)} ${"calls".padStart(9)} ${"skipped".padStart(9)} ${"tokens in".padStart(12)} ${"tokens out".padStart(12)} ${"cost".padStart(10)}\n`);
  for (const a of estimate.actors) {
    process.stdout.write(`  ${a.actor.padEnd(24)} ${a.endpoint.padEnd(20)} ${count(a.calls).padStart(9)} ${count(a.skipped).padStart(9)} ${count(a.tokensIn).padStart(12)} ${count(a.tokensOut).padStart(12)} ${(a.cost === null ? "—" : `$${a.cost.toFixed(2)}`).padStart(10)}\n`);
  }
  process.stdout.write(`  ${count(estimate.calls)} calls, about ${count(estimate.tokensIn)} tokens in and ${count(estimate.tokensOut)} out${estimate.cost === null ? "" : `, about $${estimate.cost.toFixed(2)}`} (${estimate.basis})\n`);
}

function printProgress(p: RunProgress): void {
  process.stdout.write(`Run #${p.id} ${p.title}: ${p.status}${p.statusNote ? ` — ${p.statusNote}` : ""}\n`);
  process.stdout.write(`  ${"who".padEnd(24)} ${"done".padStart(8)} ${"missing".padStart(8)} ${"failed".padStart(7)} ${"open".padStart(8)} ${"total".padStart(8)} ${"per min".padStart(8)} ${"ETA".padStart(8)}\n`);
  for (const a of [...p.actors, { ...p.totals, actor: "all" }]) {
    const eta = a.etaSeconds === null ? "—" : a.etaSeconds < 120 ? `${a.etaSeconds} s` : `${Math.round(a.etaSeconds / 60)} min`;
    process.stdout.write(`  ${a.actor.padEnd(24)} ${count(a.done).padStart(8)} ${count(a.missing).padStart(8)} ${count(a.failed).padStart(7)} ${count(a.open).padStart(8)} ${count(a.total).padStart(8)} ${count(a.perMinute).padStart(8)} ${eta.padStart(8)}\n`);
  }
  for (const problem of p.problems.slice(0, 5)) process.stdout.write(`  ${problem.status} ${problem.key} (${problem.attempts} attempts): ${problem.error}\n`);
}

/** Works the queue in this process until `until` says stop; Ctrl-C stops it cleanly (calls in flight are stored). */
async function work(until: () => boolean, show: () => void): Promise<number> {
  const worker = new RunWorker(getDb());
  if (!worker.start()) {
    process.stdout.write("Another Concord worker (the server's, or another `concord run`) is working this database; it will make the calls.\n");
    return 0;
  }
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    process.stdout.write("Stopping: the calls in flight are finished and stored…\n");
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  while (!stopping && !until()) {
    await new Promise((r) => setTimeout(r, 2000));
    show();
  }
  await worker.stop();
  return 0;
}

export const runCommand: Command = {
  async run(args) {
    const { positionals, values } = parseArgs({
      args,
      allowPositionals: true,
      options: { set: { type: "string" }, judges: { type: "string" }, models: { type: "string" }, items: { type: "string" }, runs: { type: "string" }, freeze: { type: "string" }, reference: { type: "boolean" }, "reference-from": { type: "string" }, study: { type: "string" }, personas: { type: "string" }, "user-model": { type: "string" }, only: { type: "string" }, turns: { type: "string" }, detach: { type: "boolean" } },
    });
    const [verb, what] = positionals;
    try {
      if (verb === "estimate" && what) {
        printEstimate(await estimateRun({ ctx: cliCtx, input: requestOf(what, values) }));
        return 0;
      }
      if (verb === "judges" || verb === "responses" || verb === "grade" || verb === "flow" || verb === "simulate") {
        const input = requestOf(verb, values);
        printEstimate(await estimateRun({ ctx: cliCtx, input }));
        const { runId, calls } = await startRun({ ctx: cliCtx, input });
        process.stdout.write(`Started run #${runId} (${count(calls)} calls).\n`);
        if (values.detach) return 0;
        const done = () => readRunProgress(runId).status !== "running";
        await work(done, () => printProgress(readRunProgress(runId)));
        printProgress(readRunProgress(runId));
        return 0;
      }
      if (verb === "status") {
        if (what) {
          printProgress(readRunProgress(integer(what, "run", 0)));
          return 0;
        }
        for (const r of await listRuns({ ctx: cliCtx })) {
          process.stdout.write(`#${String(r.id).padEnd(5)} ${r.status.padEnd(10)} ${`${count(r.settled)}/${count(r.total)}`.padStart(15)}${r.failed ? ` (${count(r.failed)} failed)` : ""}  ${r.title}\n`);
        }
        return 0;
      }
      if ((verb === "pause" || verb === "resume" || verb === "cancel") && what) {
        const { status } = await changeRunStatus({ ctx: cliCtx, input: { runId: integer(what, "run", 0), action: verb } });
        process.stdout.write(`Run #${what} is ${status}.\n`);
        return 0;
      }
      if (verb === "work") {
        const idle = () => getDb().$client.prepare("SELECT count(*) AS n FROM runs WHERE status = 'running'").get() as { n: number };
        return work(() => idle().n === 0, () => undefined);
      }
    } catch (error) {
      if (error instanceof ZodError) {
        process.stderr.write(`${error.issues.map((i) => `--${String(i.path[0] ?? "input")}${i.path.length > 1 ? `[${i.path.slice(1).join(".")}]` : ""}: ${i.message}`).join("\n")}\n`);
        return 2;
      }
      if (!(error instanceof ServiceError)) throw error;
      const issues = "issues" in error && Array.isArray(error.issues) ? `\n${(error.issues as string[]).slice(0, 20).join("\n")}` : "";
      process.stderr.write(`${error.message}${issues}\n`);
      return error.status === 2 ? 2 : 1;
    }
    process.stderr.write(`${USAGE}\n`);
    return 2;
  },
};
