// Bundles source/cli.ts into dist/cli.js (ESM, Node 22+) with lazily loaded chunks,
// so `--version` and `--help` never load Ink, React or undici.
import { build } from 'esbuild';
import { chmod, readdir, readFile, rename, rm, stat, utimes } from 'node:fs/promises';
import { resolve } from 'node:path';

// Build beside dist/ and swap it in, so a binary that tests are running is never half written.
// Replaced builds are kept a minute: a process started from one may still load its lazy chunks.
const staging = `dist.building-${process.pid}`;
const retired = `dist.retired-${process.pid}`;
await rm(staging, { recursive: true, force: true });
const { version } = JSON.parse(await readFile('package.json', 'utf8'));

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
 * source/ui/format/text-width.ts instead, which gives the same answers and loads string-width only for
 * text that needs it.
 */
const textWidthForInk = {
  name: 'text-width-for-ink',
  setup(b) {
    b.onResolve({ filter: /^string-width$/ }, () => ({ path: resolve('source/ui/format/text-width.ts') }));
  },
};

await build({
  entryPoints: { cli: 'source/cli.ts' },
  outdir: staging,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  minify: false,
  sourcemap: false,
  legalComments: 'none',
  chunkNames: 'chunks/[name]-[hash]',
  // Native keyring bindings are loaded at run time from node_modules when present.
  external: ['@napi-rs/keyring'],
  plugins: [stubDevtools, yogaWithoutFetch, textWidthForInk],
  define: { 'process.env.NODE_ENV': '"production"', __CMD_TUI_VERSION__: JSON.stringify(version) },
  banner: {
    js: "#!/usr/bin/env node\nimport { createRequire as __cmdTuiCreateRequire } from 'node:module';\nconst require = __cmdTuiCreateRequire(import.meta.url);",
  },
  logLevel: 'warning',
});

await chmod(`${staging}/cli.js`, 0o755);
const replaced = await rename('dist', retired).then(
  () => true,
  (error) => {
    if (error.code !== 'ENOENT') throw error;
    return false;
  },
);
if (replaced) await utimes(retired, new Date(), new Date());
await rename(staging, 'dist');
for (const entry of await readdir('.')) {
  if (!entry.startsWith('dist.retired-')) continue;
  const { mtimeMs } = await stat(entry);
  if (entry !== retired && Date.now() - mtimeMs > 60_000) await rm(entry, { recursive: true, force: true });
}
