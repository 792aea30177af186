import { z } from "zod";
import { Id, Slug } from "@/lib/bundle/schema";

/** Which grading to show and how to filter it: the page's search parameters and the downloads'. */
export const LeaderboardParams = z.object({
  /** A grade run; default the latest finished one (of `freezeId`, when given). */
  runId: z.coerce.number().int().min(1).optional(),
  freezeId: z.coerce.number().int().min(1).optional(),
  /** Comma-separated model ids; default every graded model. */
  models: z
    .string()
    .max(20_000)
    .optional()
    .transform((s) => (s === undefined ? undefined : s.split(",").map((m) => m.trim()).filter((m) => m !== "")))
    .pipe(z.array(Id).max(1000).optional())
    .transform((list) => (list && list.length > 0 ? list : undefined)),
  /** Only the items of one subcategory. */
  subcategory: z.union([Slug, z.literal("").transform(() => undefined)]).optional(),
});
export type LeaderboardParams = z.input<typeof LeaderboardParams>;
