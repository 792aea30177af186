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
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
