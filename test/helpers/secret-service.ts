/**
 * A real Secret Service for end-to-end tests: a private D-Bus session bus and gnome-keyring-daemon
 * (Debian's packages; .ci/run installs them), unlocked with a throwaway password. Processes given
 * `DBUS_SESSION_BUS_ADDRESS` see a desktop keyring exactly as on a Linux workstation.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const TOOLS = ['/usr/bin/dbus-daemon', '/usr/bin/dbus-send', '/usr/bin/gnome-keyring-daemon'];
export const SECRET_SERVICE_AVAILABLE = process.platform === 'linux' && TOOLS.every((tool) => existsSync(tool));

export interface SecretService {
  address: string;
  stop(): Promise<void>;
}

function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      text += chunk;
      if (text.includes('\n')) resolve(text.split('\n')[0]!.trim());
    });
    child.on('exit', (code) => reject(new Error(`dbus-daemon exited with ${code}`)));
  });
}

const REGISTER_GIVE_UP_MS = 20_000;

function secretsOwned(address: string): boolean {
  const answer = spawnSync(
    '/usr/bin/dbus-send',
    ['--session', '--print-reply', '--dest=org.freedesktop.DBus', '/org/freedesktop/DBus', 'org.freedesktop.DBus.NameHasOwner', 'string:org.freedesktop.secrets'],
    { env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: address }, encoding: 'utf8' },
  );
  return answer.stdout.includes('boolean true');
}

export async function startSecretService(): Promise<SecretService> {
  const home = await mkdtemp(join(tmpdir(), 'cmd-tui-secret-service-'));
  const bus = spawn('/usr/bin/dbus-daemon', ['--session', '--nofork', '--print-address=1'], { stdio: ['ignore', 'pipe', 'ignore'] });
  const address = await firstLine(bus);
  const keyring = spawn('/usr/bin/gnome-keyring-daemon', ['--unlock', '--components=secrets', '--foreground'], {
    env: { ...process.env, HOME: home, DBUS_SESSION_BUS_ADDRESS: address },
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  keyring.stdin!.end('throwaway-test-password');
  const stop = async () => {
    keyring.kill();
    bus.kill();
    await rm(home, { recursive: true, force: true });
  };
  // A give-up for a daemon that does not come, not a measure of one that does: a loaded runner can take
  // seconds to start it, and each look (a dbus-send) takes time of its own.
  const givesUp = Date.now() + REGISTER_GIVE_UP_MS;
  while (!secretsOwned(address) && Date.now() < givesUp) await new Promise((resolve) => setTimeout(resolve, 50));
  if (!secretsOwned(address)) {
    await stop();
    throw new Error(`gnome-keyring-daemon did not register org.freedesktop.secrets within ${REGISTER_GIVE_UP_MS / 1000} s`);
  }
  return { address, stop };
}
