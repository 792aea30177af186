import "server-only";
import { getDb } from "@/db/client";
import { readDescriptors } from "@/lib/server/bundle/descriptions";
import { bundleText } from "@/lib/server/bundle/importInto";
import type { Ctx } from "@/lib/server/context";
import { requireRole } from "@/lib/server/guard";
import { readSet } from "./readSet";
import { SetIdInput } from "./schema";
import { setBundle } from "./setBundle";

/**
 * A set as a self-contained bundle (docs/format.md#calibration-sets): its `set` line,
 * items, pinned rubric versions, responses, its own labels and the judges' verdicts on
 * its pinned versions, with the `model` and `judge` lines of the models and judges in it.
 * Importing it into another database recreates the set.
 * `concord calibrate` on this file reproduces the set's report offline, and
 * `concord verify-freeze` checks a freeze of the set against it.
 */
export async function exportSetBundle({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<string> {
  requireRole(ctx, "lead");
  const { setId } = SetIdInput.parse(input);
  return getDb().transaction(
    (tx) => {
      readSet(tx, setId);
      const bundle = setBundle(tx, setId);
      const described = { models: new Set(bundle.responses.map((r) => r.model)), judges: new Set(bundle.verdicts.map((v) => v.judge)) };
      return bundleText(bundle, readDescriptors(tx, described));
    },
    { behavior: "deferred" },
  );
}
