/**
 * What a client and cmd-tui's emulator agree on for its test-only `/__emulator/*` routes (the emulator's
 * request-guard.ts checks it, operations/try-command.ts sends it): the header that carries the run's
 * control secret, one no HTML form can send, and the environment variable a door reads it from.
 */
export const CONTROL_SECRET_HEADER = 'X-Emulator-Secret';

/** Where `cmd-tui try` and the TUI take the secret when the serve is not this user's on this machine (a container's). */
export const CONTROL_SECRET_ENV = 'CMD_TUI_EMULATOR_SECRET';

/** Where an emulator is, and its control secret when it is known. */
export interface EmulatorControl {
  /** `http://127.0.0.1:PORT` */
  origin: string;
  secret?: string;
  /** Each request's bound in milliseconds (`cmd-tui try --timeout`); 10 s when not given. */
  timeoutMs?: number;
}

/** The headers that open the emulator's test-only routes (none when the secret is unknown: the emulator then says how to give it). */
export function controlHeaders(control: EmulatorControl): Record<string, string> {
  return control.secret === undefined ? {} : { [CONTROL_SECRET_HEADER]: control.secret };
}
