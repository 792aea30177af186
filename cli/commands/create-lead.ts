import { parseArgs } from "node:util";
import { ZodError } from "zod";
import { createFirstLead } from "@/lib/server/users/createFirstLead";
import type { Command } from "./index";

export const createLeadCommand: Command = {
  async run(args) {
    const { values } = parseArgs({
      args,
      options: { email: { type: "string" }, name: { type: "string" }, password: { type: "string" } },
    });
    const { email, name, password } = values;
    if (!email || !name || !password) {
      process.stderr.write("usage: concord create-lead --email E --name N --password P\n");
      return 2;
    }
    try {
      const lead = await createFirstLead({ email, name, password });
      process.stdout.write(`Lead ${lead.name} <${lead.email}> created; sign in with that email and password.\n`);
      return 0;
    } catch (error) {
      if (!(error instanceof ZodError)) throw error;
      for (const issue of error.issues) process.stderr.write(`${issue.path.join(".")}: ${issue.message}\n`);
      return 1;
    }
  },
};
