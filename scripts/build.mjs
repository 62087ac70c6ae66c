// Bundles source/cli.ts into dist/cli.js (ESM, Node 22+), a file that answers --version and --help
// by itself, and everything else into dist/chunks/, loaded on demand: Ink, React and undici never
// load for those two.
import { chmod, readdir, readFile, rename, rm } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';

// `npm pack` in a fresh clone runs this before any `npm install`: say what to run, not "Cannot find package".
const { build } = await import('esbuild').catch((error) => {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND') throw error;
  process.stderr.write("cmd-tui's build needs its development dependencies (esbuild), which are not installed here.\nRun `npm install` (or `npm ci`) in this folder first, then run this again (`npm pack`, `npm run build`).\n");
  process.exit(1);
});

// Build beside dist/ and swap it in, so dist/ is never half written. (A process started from the old
// build resolves its lazy chunks under dist/, i.e. in the new one, so the old build is not kept.)
const staging = `dist.building-${process.pid}`;
const retired = `dist.retired-${process.pid}`;
await rm(staging, { recursive: true, force: true });
const { version, dependencies = {} } = JSON.parse(await readFile('package.json', 'utf8'));

/** Ink imports react-devtools-core only when DEV is set; a stub keeps the bundle self-contained. */
const stubDevtools = {
  name: 'stub-react-devtools-core',
  setup(b) {
    b.onResolve({ filter: /^react-devtools-core$/ }, () => ({ path: 'react-devtools-core', namespace: 'stub' }));
    b.onLoad({ filter: /.*/, namespace: 'stub' }, () => ({ contents: 'export default {connectToDevTools() {}};', loader: 'js' }));
  },
};

/**
 * Yoga's wasm loader fetches its own embedded data: URL whenever a global `fetch` exists, which makes
 * Node load its built-in undici (~75 ms) at every TUI start. Without `fetch` it decodes the data inline.
 */
const yogaWithoutFetch = {
  name: 'yoga-without-fetch',
  setup(b) {
    b.onLoad({ filter: /yoga-wasm-base64-esm\.js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const patched = source.replaceAll('"function"!=typeof fetch', 'true');
      if (patched === source) throw new Error('yoga-without-fetch: the loader changed; update scripts/build.mjs');
      return { contents: patched, loader: 'js' };
    });
  },
};

/**
 * Ink and its text helpers measure every line with string-width, whose load alone costs ~50 ms; they get
 * source/terminal/text-width.ts instead, which gives the same answers and loads string-width only for
 * text that needs it.
 */
const textWidthForInk = {
  name: 'text-width-for-ink',
  setup(b) {
    b.onResolve({ filter: /^string-width$/ }, () => ({ path: resolve('source/terminal/text-width.ts') }));
  },
};

/**
 * Ink's text helpers (wrap-ansi, slice-ansi, cli-truncate, @alcalzone/ansi-tokenize, Ink's line
 * updates) each build an Intl.Segmenter when loaded, and the first Intl object of a process initialises
 * ICU: ~20 ms at every start. They get source/terminal/graphemes.ts instead, which splits simple text
 * itself and makes a real segmenter only for text that needs one.
 */
const graphemesWithoutIcu = {
  name: 'graphemes-without-icu',
  setup(b) {
    const segmenter = JSON.stringify(resolve('source/terminal/graphemes.ts'));
    b.onLoad({ filter: /[\\/]node_modules[\\/].*\.[cm]?js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('new Intl.Segmenter(')) return undefined;
      // An import line is only valid in an ES module; a CommonJS one would need another patch.
      if (!/^\s*(?:import|export)\s/m.test(source)) throw new Error(`graphemes-without-icu: ${args.path} is not an ES module; update scripts/build.mjs`);
      const patched = source.replaceAll('new Intl.Segmenter(', 'new __GraphemeSegmenter(');
      return { contents: `import { GraphemeSegmenter as __GraphemeSegmenter } from ${segmenter};\n${patched}`, loader: 'js' };
    });
  },
};

/**
 * undici's HTTP/1 client loads its HTTP/2 one when it loads, and node:http2 brings node:tls with it:
 * ~30 ms at every start against an http:// API such as the emulator, which needs neither. The HTTP/2
 * client is loaded when a connection first negotiates HTTP/2 instead.
 */
const http2WhenNegotiated = {
  name: 'http2-when-negotiated',
  setup(b) {
    b.onLoad({ filter: /[\\/]undici[\\/]lib[\\/]dispatcher[\\/]client\.js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const eager = "const connectH2 = require('./client-h2.js')";
      if (!source.includes(eager)) throw new Error('http2-when-negotiated: undici changed; update scripts/build.mjs');
      return { contents: source.replace(eager, "const connectH2 = (client, socket) => require('./client-h2.js')(client, socket)"), loader: 'js' };
    });
  },
};

/**
 * Ink tests every character it draws against Unicode property classes: each drawn cell against
 * Default_Ignorable_Code_Point (output.js) and each text against Control (sanitize-ansi.js). Building
 * and running those classes cost the first frame ~10% of its render. The same answers, cheaper: no
 * ASCII character is default-ignorable, so a cell starting with one is kept without the test; and
 * Control is exactly U+0000–U+001F and U+007F–U+009F, written out as a range.
 */
const inkUnicodeFastPaths = {
  name: 'ink-unicode-fast-paths',
  setup(b) {
    const patches = {
      'output.js': ['.filter(character => !/^\\p{Default_Ignorable_Code_Point}+$/u.test(character.value))', '.filter(character => character.value.charCodeAt(0) < 0x80 || !/^\\p{Default_Ignorable_Code_Point}+$/u.test(character.value))'],
      'sanitize-ansi.js': ['/(?![\\t\\n])\\p{Control}/gu', '/[\\0-\\x08\\x0B-\\x1F\\x7F-\\x9F]/gu'],
    };
    b.onLoad({ filter: /[\\/]node_modules[\\/]ink[\\/]build[\\/](?:output|sanitize-ansi)\.js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const [from, to] = patches[args.path.split(/[\\/]/).at(-1)];
      if (!source.includes(from)) throw new Error(`ink-unicode-fast-paths: ${args.path} changed; update scripts/build.mjs`);
      return { contents: source.replace(from, to), loader: 'js' };
    });
  },
};

/**
 * The agents' door (source/mcp) and the MCP SDK use parts of zod nothing else loads: JSON Schema
 * (toJSONSchema, registries) and the SDK's protocol schemas (zod classic). With one copy of zod in the
 * build, esbuild would put that code in the zod chunk the TUI loads at start, since every zod module is
 * reachable from it through zod's `export *`. The door gets a copy of its own instead, in its own chunks.
 * (zod keeps its registry and its configuration on globalThis, so both copies see the same ones.)
 */
const doorZod = {
  name: 'door-zod',
  setup(b) {
    const doorSide = /[\\/](?:node_modules[\\/](?:@modelcontextprotocol[\\/]sdk|zod-to-json-schema)|source[\\/]mcp)[\\/]/;
    b.onResolve({ filter: /^zod(?:\/|$)/ }, async (args) => {
      if (args.pluginData === 'door-zod' || !(args.namespace === 'door-zod' || doorSide.test(args.importer))) return undefined;
      const found = await b.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, pluginData: 'door-zod' });
      return found.errors.length > 0 ? { errors: found.errors } : { path: found.path, namespace: 'door-zod' };
    });
    b.onResolve({ filter: /^\.\.?\//, namespace: 'door-zod' }, (args) => ({ path: resolve(args.resolveDir, args.path), namespace: 'door-zod' }));
    b.onLoad({ filter: /.*/, namespace: 'door-zod' }, async (args) => ({ contents: await readFile(args.path, 'utf8'), loader: 'js', resolveDir: dirname(args.path) }));
  },
};

const shared = {
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  minify: false,
  sourcemap: false,
  legalComments: 'none',
  logLevel: 'warning',
};
const define = { 'process.env.NODE_ENV': '"production"', __CMD_TUI_VERSION__: JSON.stringify(version) };

/** The text of `cmd-tui --help`, generated from the command registry (source/commands/help.ts) at build time. */
async function helpText() {
  // The registry's lazy loaders stay imports that never run here: the summaries are all --help needs.
  const loadersStayLazy = {
    name: 'loaders-stay-lazy',
    setup(b) {
      b.onResolve({ filter: /.*/ }, (args) => (args.importer.endsWith('registry.ts') ? { path: args.path, external: true } : undefined));
    },
  };
  const { outputFiles } = await build({ ...shared, entryPoints: ['source/commands/help.ts'], write: false, define, plugins: [loadersStayLazy] });
  const { HELP } = await import(`data:text/javascript;base64,${Buffer.from(outputFiles[0].text).toString('base64')}`);
  return HELP;
}

/** The entry's one lazy import: main.ts, built below as chunks/main.js. */
const mainChunk = {
  name: 'main-chunk',
  setup(b) {
    b.onResolve({ filter: /^\.\/main\.js$/ }, () => ({ path: './chunks/main.js', external: true }));
  },
};

// The entry alone in its file, with the version and the help text inlined: --version and --help read
// this one file. minifySyntax drops the source-only branch that would generate the help at run time.
await build({
  ...shared,
  entryPoints: { cli: 'source/cli.ts' },
  outdir: staging,
  minifySyntax: true,
  plugins: [mainChunk],
  define: { ...define, __CMD_TUI_HELP__: JSON.stringify(await helpText()) },
  banner: { js: '#!/usr/bin/env node' },
});

// Everything else, in chunks loaded on demand.
const { metafile } = await build({
  ...shared,
  entryPoints: { main: 'source/main.ts' },
  outdir: `${staging}/chunks`,
  splitting: true,
  chunkNames: '[name]-[hash]',
  // Native keyring bindings are loaded at run time from node_modules when present.
  external: ['@napi-rs/keyring'],
  plugins: [stubDevtools, yogaWithoutFetch, textWidthForInk, graphemesWithoutIcu, http2WhenNegotiated, inkUnicodeFastPaths, doorZod],
  define,
  metafile: true,
  // Bundled CommonJS (Ink's dependencies, undici) calls require().
  banner: { js: "import { createRequire as __cmdTuiCreateRequire } from 'node:module';\nconst require = __cmdTuiCreateRequire(import.meta.url);" },
});

// A package bundled here is in dist/ already: also installed as a dependency, it would be downloaded and never loaded.
const bundledDependencies = Object.keys(dependencies).filter((name) => Object.keys(metafile.inputs).some((input) => input.startsWith(`node_modules/${name}/`)));
if (bundledDependencies.length > 0) throw new Error(`${bundledDependencies.join(', ')}: bundled into dist/ and also a dependency in package.json; make it a devDependency (or external in scripts/build.mjs)`);

// No helper may keep a segmenter of its own (a new dependency, a file the plugin did not see).
for (const file of await readdir(`${staging}/chunks`)) {
  const text = await readFile(`${staging}/chunks/${file}`, 'utf8');
  const own = text.match(/new Intl\.Segmenter\([^)]*\)/g)?.filter((call) => call !== 'new Intl.Segmenter(this.locales, this.options)');
  if (own?.length) throw new Error(`graphemes-without-icu: chunks/${file} still builds ${own[0]}; update scripts/build.mjs`);
}

await chmod(`${staging}/cli.js`, 0o755);
const replaced = await rename('dist', retired).then(
  () => true,
  (error) => {
    if (error.code !== 'ENOENT') throw error;
    return false;
  },
);
await rename(staging, 'dist');
if (replaced) await rm(retired, { recursive: true, force: true });
