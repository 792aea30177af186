export interface Command {
  summary: string;
  /** Runs with the arguments after the command name; resolves to the exit code. */
  run(args: string[]): Promise<number>;
}

/**
 * Every `concord` command, by name, loaded on use (so `calibrate` never loads the
 * database driver). Add a file per command and register it here.
 */
export const commands: Record<string, { summary: string; load: () => Promise<Command> }> = {
  calibrate: { summary: "compute the calibration report of a bundle (JSON to stdout or --out)", load: async () => (await import("./calibrate")).calibrate },
  import: { summary: "import a bundle into the database (all or nothing)", load: async () => (await import("./import")).importCommand },
  export: { summary: "export the database as a bundle", load: async () => (await import("./export")).exportCommand },
  "verify-freeze": { summary: "check a frozen panel's record against a bundle (fingerprint and figures)", load: async () => (await import("./verify-freeze")).verifyFreezeCommand },
  "create-lead": { summary: "create the first lead account on an empty database", load: async () => (await import("./create-lead")).createLeadCommand },
};
