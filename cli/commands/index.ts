import { calibrate } from "./calibrate";

export interface Command {
  summary: string;
  /** Runs with the arguments after the command name; resolves to the exit code. */
  run(args: string[]): Promise<number>;
}

/** Every `concord` command, by name. Add a file per command and register it here. */
export const commands: Record<string, Command> = {
  calibrate,
};
