/**
 * The real OS keyring through @napi-rs/keyring (native, loaded only when first needed), and the read
 * of one entry from a new process that the keyring verdict rests on.
 *
 * On Linux the Secret Service (gnome-keyring, KWallet, KeePassXC over D-Bus) is required: without it
 * the library falls back to the kernel keyutils keyring, which lives only as long as the login session
 * (on an SSH box, the next login finds nothing), so it never counts as the OS keyring.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import type { KeyringBackend } from './keyring-verdict.js';

const KEYRING_MODULE = '@napi-rs/keyring';

/** The entry options both this process and the reading process use. */
export function keyringEntryOptions(platform: NodeJS.Platform = process.platform): { linux: { store: 'secret-service' } } | undefined {
  return platform === 'linux' ? { linux: { store: 'secret-service' } } : undefined;
}

export function osKeyring(service: string): KeyringBackend {
  const entry = async (account: string) => {
    const { AsyncEntry } = await import('@napi-rs/keyring');
    return new AsyncEntry(service, account, keyringEntryOptions());
  };
  return {
    get: async (account, signal) => (await (await entry(account)).getPassword(signal)) ?? null,
    set: async (account, secret, signal) => (await entry(account)).setPassword(secret, signal),
    delete: async (account, signal) => {
      await (await entry(account)).deleteCredential(signal);
    },
  };
}

// CommonJS, so the module is found by path; prints the entry as JSON (null when absent).
const READ_SCRIPT = `const [path, service, account, options] = process.argv.slice(1);
const { AsyncEntry } = require(path);
new AsyncEntry(service, account, JSON.parse(options) ?? undefined).getPassword()
  .then((value) => process.stdout.write(JSON.stringify(value ?? null)), (error) => { process.stderr.write(String(error?.message ?? error)); process.exitCode = 1; });`;

/**
 * Reads one entry in a new Node process: what a later `cmd-tui` run would see. Rejects with the
 * child's error, or after `timeoutMs`.
 */
export function readInNewProcess(service: string, account: string, timeoutMs: number): Promise<string | null> {
  const modulePath = createRequire(import.meta.url).resolve(KEYRING_MODULE);
  const options = JSON.stringify(keyringEntryOptions() ?? null);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', READ_SCRIPT, modulePath, service, account, options], { stdio: ['ignore', 'pipe', 'pipe'], timeout: timeoutMs });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (signal) return reject(new Error(`no answer within ${timeoutMs} ms`));
      if (code !== 0) return reject(new Error(stderr.trim() || `the reading process exited with code ${code}`));
      try {
        const value: unknown = JSON.parse(stdout);
        resolve(typeof value === 'string' ? value : null);
      } catch {
        reject(new Error('the reading process answered something unexpected'));
      }
    });
  });
}
