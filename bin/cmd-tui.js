#!/usr/bin/env node
// The installed `cmd-tui` command: runs the built CLI. npm checks that a package's bin file exists
// before `prepack` builds dist/ (`npm publish` would warn and leave the bin out of the registry's
// metadata, so `npx cmd-tui` would find no command), hence this committed launcher.
import '../dist/cli.js';
