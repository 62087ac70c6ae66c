/**
 * Entry point, kept tiny so `--version` and `--help` cost little more than starting Node: it checks
 * the Node version and answers those two itself; everything else (the subcommands, the TUI) is in
 * main.ts, imported only when needed.
 */
import nodeModule from 'node:module';
import { compileCacheFolder } from './config/compile-cache.js';
import { diskRefusal } from './config/local-failure.js';
import { VERSION } from './version.js';
import { helpWidth, wrapHelp } from './terminal/wrap-help.js';

declare const __CMD_TUI_HELP__: string | undefined;

/** Node 22.19 is undici 8's floor; older versions fail deep inside the HTTP stack with obscure errors. */
function nodeTooOld(version: string): boolean {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  return major < 22 || (major === 22 && minor < 19);
}

/**
 * Said by every command alike, --version included, with one exit code: nothing of cmd-tui works on this
 * Node. `npx -p node@24 -- cmd-tui` puts a Node 24 first on PATH and runs the cmd-tui npm finds, a
 * project's (node_modules/.bin) or a global one; the bin's `#!/usr/bin/env node` then picks that Node.
 */
function tooOldMessage(): string {
  return [
    `cmd-tui ${VERSION} needs Node.js 22.19 or newer; this is Node.js ${process.version}.`,
    'Install Node.js 24 LTS (https://nodejs.org/en/download), or have npm fetch Node 24',
    'for each run, with cmd-tui installed in the project or globally alike:',
    '  npx -y -p node@24 -- cmd-tui ARGUMENTS',
    '(ARGUMENTS: the ones you gave cmd-tui.)',
    '',
  ].join('\n');
}

async function route(argv: string[]): Promise<number> {
  const [first] = argv;
  if (nodeTooOld(process.versions.node)) {
    process.stderr.write(tooOldMessage());
    // 2 as for any command line this machine cannot run; the exit-code table says so.
    return 2;
  }
  if (first === '--version' || first === '-v') {
    process.stdout.write(`${VERSION}\n`);
    return 0;
  }
  if (first === '--help' || first === '-h' || (first === 'help' && argv.length === 1)) {
    // The build inlines the text (scripts/build.mjs); run from source, it is generated here.
    const help = typeof __CMD_TUI_HELP__ === 'string' ? __CMD_TUI_HELP__ : (await import('./commands/help.js')).HELP;
    process.stdout.write(wrapHelp(help, helpWidth(process.stdout)));
    return 0;
  }
  // Every later start skips compiling the large lazy chunks (about 100 ms for the TUI's). A folder that
  // cannot be made or written only means no cache (Node reports it and goes on; NODE_COMPILE_CACHE and
  // NODE_DISABLE_COMPILE_CACHE still decide first).
  // Reached as a property: a named import would fail to link on the old Node this file must still greet.
  nodeModule.enableCompileCache?.(compileCacheFolder(process.env, process.platform));
  const { main } = await import('./main.js');
  return main(argv);
}

// A closed pipe (`cmd-tui list | head -1`) ends the process quietly, as git does: no stack trace. Any
// other failed write (`> /dev/full`, a vanished terminal) is said in a line, with the exit code of a
// local write that failed; when standard error is the stream that failed, the exit code alone tells.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    if (stream === process.stdout) {
      try {
        process.stderr.write(`cmd-tui: could not write to standard output: ${diskRefusal(error.code) ?? error.message}.\n`);
      } catch {
        // Standard error failed too: nothing can be said.
      }
    }
    // ExitCode.Local (commands/types.ts, not imported: this file stays small).
    process.exit(6);
  });
}

route(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  async (error: unknown) => {
    // The message may quote a server or a file: made safe for the terminal like every other output, and
    // with the secrets main.ts registered (an argument's token, the environment's) hidden. Those live in
    // main's chunk, not in this file's bundle: asked there (loaded already, unless main never started).
    const { sanitizeText } = await import('./terminal/sanitize.js');
    const redact = await import('./main.js').then(
      (loaded) => loaded.redactSecrets,
      () => (text: string) => text,
    );
    process.stderr.write(`cmd-tui: unexpected failure: ${redact(sanitizeText(error instanceof Error ? error.message : String(error)))}\n`);
    process.exitCode = 2;
  },
);
