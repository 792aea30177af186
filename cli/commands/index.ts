export interface Command {
  /** Runs with the arguments after the command name; resolves to the exit code. */
  run(args: string[]): Promise<number>;
}

/**
 * Every `concord` command, by name, loaded on use (so `calibrate` never loads the
 * database driver). Add a file per command and register it here.
 */
export const commands: Record<string, { summary: string; load: () => Promise<Command> }> = {
  calibrate: {
    summary: "calibrate FILE.jsonl [--out REPORT.json] [--resamples N] [--seed S] [--panel-size K] — the calibration report",
    load: async () => (await import("./calibrate")).calibrate,
  },
  vera: {
    summary: "vera rubric RUBRIC.tsv | walk RUBRIC.tsv ANSWERS.jsonl | ratings RATINGS.csv — flow rubrics offline",
    load: async () => (await import("./vera")).veraCommand,
  },
  score: {
    summary: "score FILE.jsonl --panel J1,J2,J3 | --freeze RECORD.json [--models M1,M2] [--resamples N] [--seed S] [--out FILE] — score models with a panel",
    load: async () => (await import("./score")).scoreCommand,
  },
  import: { summary: "import FILE — import a bundle (all or nothing)", load: async () => (await import("./import")).importCommand },
  export: { summary: "export FILE — write every record as a bundle", load: async () => (await import("./export")).exportCommand },
  backup: { summary: "backup FILE — a consistent copy of the database, also while the server runs", load: async () => (await import("./backup")).backupCommand },
  "verify-freeze": {
    summary: "verify-freeze RECORD.json BUNDLE.jsonl — recompute a frozen panel's fingerprint and figures",
    load: async () => (await import("./verify-freeze")).verifyFreezeCommand,
  },
  run: {
    summary: "run judges|responses|grade … | estimate … | status [RUN] | pause|resume|cancel RUN | work — run judges and models",
    load: async () => (await import("./run")).runCommand,
  },
  batch: {
    summary: "batch export RUN FILE [--limit N] | batch import RUN OUTPUT — OpenAI Batch API files for a run",
    load: async () => (await import("./batch")).batchCommand,
  },
  "create-lead": {
    summary: "create-lead --email E --name N --password P — the first lead of an empty database",
    load: async () => (await import("./create-lead")).createLeadCommand,
  },
};
