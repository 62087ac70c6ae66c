// Bundles source/cli.ts into dist/cli.js (ESM, Node 22+) with lazily loaded chunks,
// so `--version` and `--help` never load Ink, React or undici.
import { build } from 'esbuild';
import { chmod, readFile, rm } from 'node:fs/promises';

await rm('dist', { recursive: true, force: true });
const { version } = JSON.parse(await readFile('package.json', 'utf8'));

/** Ink imports react-devtools-core only when DEV is set; a stub keeps the bundle self-contained. */
const stubDevtools = {
  name: 'stub-react-devtools-core',
  setup(b) {
    b.onResolve({ filter: /^react-devtools-core$/ }, () => ({ path: 'react-devtools-core', namespace: 'stub' }));
    b.onLoad({ filter: /.*/, namespace: 'stub' }, () => ({ contents: 'export default {connectToDevTools() {}};', loader: 'js' }));
  },
};

await build({
  entryPoints: { cli: 'source/cli.ts' },
  outdir: 'dist',
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
  plugins: [stubDevtools],
  define: { 'process.env.NODE_ENV': '"production"', __CMD_TUI_VERSION__: JSON.stringify(version) },
  banner: {
    js: "#!/usr/bin/env node\nimport { createRequire as __cmdTuiCreateRequire } from 'node:module';\nconst require = __cmdTuiCreateRequire(import.meta.url);",
  },
  logLevel: 'warning',
});

await chmod('dist/cli.js', 0o755);
