/**
 * The OS keyring as this process sees it: the verdict remembered for this environment
 * (keyring-verdict.ts), changed by what each call and probe finds, every call bounded by a timeout, and
 * a failure remembered for the next run. secret-store.ts decides from it where a secret goes.
 */
import type { KeyringEnvironment } from '../config/environment.js';
import { describeKeyringFailure, probeKeyring, refusal, verdictHolds, withinTimeout, type Keyring, type KeyringVerdict } from './keyring-verdict.js';

/** Where the keyring verdicts are remembered, one per environment; the settings file by default. */
export interface VerdictMemory {
  read(environment: string): KeyringVerdict | undefined;
  write(verdict: KeyringVerdict): Promise<void>;
  /** Whether any environment found the keyring usable: only then can cmd-tui have stored there. */
  usableAnywhere(): boolean;
}

/** The keyring verdict for this environment, with when and where it was made: never stated as more than that. */
export interface KeyringStatus {
  state: 'in use' | 'not used' | 'not checked yet';
  reason?: string;
  checkedAt?: string;
  /** Where the verdict was made, e.g. `over SSH (no session bus)`. */
  where?: string;
  /** This process's environment, in the same words. */
  here: string;
  /** What this process itself saw of the keyring (a read, a write, a probe), if it asked. */
  seenNow?: { reached: true } | { reached: false; reason: string };
}

/**
 * What a delete did in one store. `mayHold`: the keyring could not be reached, and cmd-tui has stored
 * in it on this account before (a verdict somewhere found it usable), so a secret may remain there.
 */
export type Removal = { outcome: 'removed' | 'absent' } | { outcome: 'not checked'; reason: string } | { outcome: 'unreachable'; reason: string; mayHold: boolean };

export type KeyringAnswer<T> = { ok: true; value: T } | { ok: false; reason: string };

export interface KeyringAccessOptions {
  backend: () => Promise<Keyring>;
  verdicts: VerdictMemory;
  environment: KeyringEnvironment;
  timeoutMs: number;
  now: () => number;
  /** CMD_TUI_SECRET_STORE=keyring: a keyring that cannot be used is an error (`refuse`), never a fall back. */
  forced: boolean;
  /** Why the keyring is not used at all (CMD_TUI_SECRET_STORE=file, no keyring given); undefined when it may be. */
  disabled?: string;
  /** The error a forced keyring that cannot be used throws. */
  refuse: (reason: string) => Error;
}

export class KeyringAccess {
  /** This process's view: starts from the verdict remembered for this environment, changes when the keyring fails or is probed. */
  private verdict: KeyringVerdict | undefined;
  private verdictRead = false;
  /** What this process saw of the keyring itself. */
  private seenNow: KeyringStatus['seenNow'];
  /** Set when this process found the keyring wanting: the user hears why, once. */
  private refused = false;

  constructor(private readonly options: KeyringAccessOptions) {}

  get forced(): boolean {
    return this.options.forced;
  }

  get environment(): KeyringEnvironment {
    return this.options.environment;
  }

  /** This process found the keyring wanting (a failure or a probe). */
  get refusedHere(): boolean {
    return this.refused;
  }

  /** Reads try the keyring unless it was refused recently in this very environment: secrets an earlier run stored there must be found. */
  readable(): boolean {
    if (this.options.forced) return true;
    if (this.options.disabled !== undefined) return false;
    const known = this.currentVerdict();
    return !(verdictHolds(known, this.options.now()) && !known.usable);
  }

  /** Whether a write may go to the keyring: the verdict for this environment, or a probe when there is none (or it is stale). */
  async writable(): Promise<{ ok: true } | { ok: false; reason: string }> {
    if (this.options.disabled !== undefined) return { ok: false, reason: this.options.disabled };
    const known = this.currentVerdict();
    const decided = verdictHolds(known, this.options.now()) && !(this.options.forced && !known.usable) ? known : await this.probe();
    if (decided.usable) return { ok: true };
    if (this.options.forced) throw this.options.refuse(decided.reason ?? 'refused');
    return { ok: false, reason: decided.reason ?? 'refused' };
  }

  /** One keyring call within the timeout; a failure is remembered (and thrown when the keyring is forced). */
  async call<T>(call: (backend: Keyring, signal: AbortSignal) => Promise<T>): Promise<KeyringAnswer<T>> {
    try {
      const resolved = await this.options.backend();
      const value = await withinTimeout(this.options.timeoutMs, (signal) => call(resolved, signal));
      this.seenNow = { reached: true };
      return { ok: true, value };
    } catch (error) {
      const reason = describeKeyringFailure(error, this.options.environment);
      // A failure is news for the next run here too: it stops trying (and waiting) until the re-check.
      await this.remember(refusal(reason, this.options.now(), this.options.environment));
      if (this.options.forced) throw this.options.refuse(reason);
      return { ok: false, reason };
    }
  }

  private async probe(): Promise<KeyringVerdict> {
    const { timeoutMs, now, environment } = this.options;
    let probed: KeyringVerdict;
    try {
      probed = await probeKeyring(await this.options.backend(), { timeoutMs, now, environment });
    } catch (error) {
      probed = refusal(describeKeyringFailure(error, environment), now(), environment);
    }
    await this.remember(probed);
    return probed;
  }

  /** Probes the keyring now, whatever was remembered (`auth status --recheck`), unless it is not used at all. */
  async recheck(): Promise<KeyringStatus> {
    if (this.options.disabled === undefined) await this.probe();
    return this.status();
  }

  async remove(account: string): Promise<Removal> {
    if (this.options.disabled !== undefined) return { outcome: 'not checked', reason: this.options.disabled };
    // Tried whatever the verdict says: a logout must not leave a secret behind because a refusal was remembered.
    const present = await this.call((resolved, signal) => resolved.get(account, signal));
    if (!present.ok) return { outcome: 'unreachable', reason: present.reason, mayHold: this.options.verdicts.usableAnywhere() };
    if (present.value === null) return { outcome: 'absent' };
    const removed = await this.call((resolved, signal) => resolved.delete(account, signal));
    return removed.ok ? { outcome: 'removed' } : { outcome: 'unreachable', reason: removed.reason, mayHold: true };
  }

  status(): KeyringStatus {
    const here = this.options.environment.where;
    if (this.options.disabled !== undefined) return { state: 'not used', reason: this.options.disabled, here };
    const known = this.currentVerdict();
    const observed = this.seenNow ? { seenNow: this.seenNow } : {};
    if (!known) return { state: 'not checked yet', here, ...observed };
    const made = { checkedAt: known.checkedAt, where: known.where, here, ...observed };
    return known.usable ? { state: 'in use', ...made } : { state: 'not used', reason: known.reason ?? 'refused', ...made };
  }

  /** Why this process could not ask the keyring while it may hold secrets (it was found usable somewhere); undefined otherwise. */
  unreachable(): string | undefined {
    const reason = this.notAsked();
    return reason !== undefined && this.options.verdicts.usableAnywhere() ? reason : undefined;
  }

  /** Why the keyring could not be asked here, whether or not it may hold anything. */
  private notAsked(): string | undefined {
    if (this.options.disabled !== undefined) return undefined;
    if (this.seenNow) return this.seenNow.reached ? undefined : this.seenNow.reason;
    const known = this.currentVerdict();
    return verdictHolds(known, this.options.now()) && !known.usable ? (known.reason ?? 'refused') : undefined;
  }

  private currentVerdict(): KeyringVerdict | undefined {
    if (!this.verdictRead) {
      this.verdict = this.options.verdicts.read(this.options.environment.key);
      this.verdictRead = true;
    }
    return this.verdict;
  }

  private async remember(next: KeyringVerdict): Promise<void> {
    this.verdict = next;
    this.verdictRead = true;
    this.refused ||= !next.usable;
    this.seenNow = next.usable ? { reached: true } : { reached: false, reason: next.reason ?? 'refused' };
    // The verdict only saves later runs a check: a settings file that cannot be written (reported by
    // whatever writes it next) must not fail a read.
    await this.options.verdicts.write(next).catch(() => undefined);
  }
}
