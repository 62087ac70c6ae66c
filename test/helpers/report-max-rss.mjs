// Preloaded (`node --import`) into a process under test: at exit, writes its peak resident memory in KiB
// to the file MAX_RSS_FILE names, so a test can check that an answer did not balloon the process.
import { writeFileSync } from 'node:fs';

process.on('exit', () => writeFileSync(process.env.MAX_RSS_FILE, String(process.resourceUsage().maxRSS)));
