import "server-only";
import { ROLES } from "@/lib/roles";
import type { Ctx } from "./context";

/** The CLI acts as this system user: every role, and `cli` as the actor in the audit log. */
export const cliCtx: Ctx = {
  user: { id: "cli", email: "cli@localhost", name: "Concord CLI", roles: [...ROLES] },
};
