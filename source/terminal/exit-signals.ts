/**
 * The signals that end cmd-tui from outside on each platform, for the handlers that clean up first (the
 * TUI's demo emulator and throwaway folder, `serve` saving its state): a closed terminal (SIGHUP, which
 * Windows also raises when its console window closes) and `kill` (SIGTERM); on Windows, where SIGTERM can
 * be listened for but never arrives, ctrl+break (SIGBREAK) instead. Listening for a signal the platform
 * does not have would throw.
 */
import { constants } from 'node:os';

export function terminationSignals(platform: NodeJS.Platform = process.platform): NodeJS.Signals[] {
  return platform === 'win32' ? ['SIGHUP', 'SIGBREAK'] : ['SIGTERM', 'SIGHUP'];
}

/** The exit code of a process ended by `signal`, as shells report it: 128 + its number (129 for SIGHUP, 143 for SIGTERM). */
export function signalExitCode(signal: NodeJS.Signals): number {
  return 128 + (constants.signals[signal] ?? constants.signals.SIGTERM);
}
