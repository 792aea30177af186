import "server-only";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "@/db/client";
import { userRoles, users } from "@/db/schema";
import { audit } from "@/lib/server/audit";
import { Conflict } from "@/lib/server/errors";
import { hashPassword } from "./password";
import { userSummary, type UserSummary } from "./read";
import { Email, Name, Password } from "./schema";

const CreateFirstLeadInput = z.strictObject({ email: Email, name: Name, password: Password });

/**
 * Bootstraps an empty installation from the CLI (`create-lead`): there is nobody yet
 * to authorise the call, so it is only allowed while no lead exists at all.
 */
export async function createFirstLead(input: z.input<typeof CreateFirstLeadInput>): Promise<UserSummary> {
  const data = CreateFirstLeadInput.parse(input);
  const passwordHash = await hashPassword(data.password);
  const id = randomUUID();
  return getDb().transaction(
    (tx) => {
      if (tx.select().from(userRoles).where(eq(userRoles.role, "lead")).get()) throw new Conflict("A lead already exists; ask them to create your account.");
      if (tx.select().from(users).where(eq(users.email, data.email)).get()) throw new Conflict("An account with this email already exists.");
      tx.insert(users).values({ id, email: data.email, name: data.name, passwordHash, active: true, createdAt: new Date() }).run();
      tx.insert(userRoles).values({ userId: id, role: "lead" }).run();
      audit(tx, { actor: "cli", action: "user.create_first_lead", entity: "user", entityId: id, detail: { email: data.email, name: data.name } });
      return userSummary(tx, id);
    },
    { behavior: "immediate" },
  );
}
