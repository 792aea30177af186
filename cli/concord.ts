import { commands } from "./commands";

const [name, ...args] = process.argv.slice(2);
const entry = name ? commands[name] : undefined;
if (!entry) {
  const list = Object.entries(commands).map(([n, c]) => `  ${n.padEnd(16)}${c.summary}`).join("\n");
  process.stderr.write(`${name ? `unknown command "${name}"\n\n` : ""}usage: npm run concord -- <command> [args]\n\n${list}\n`);
  process.exit(name ? 2 : 0);
}
entry
  .load()
  .then((command) => command.run(args))
  .then(
    // exitCode, not exit(): a large report piped to stdout must finish writing first
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    },
  );
