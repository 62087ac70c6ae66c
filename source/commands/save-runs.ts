/**
 * When `apply --watch` runs after saves. An editor's save is a burst of events (written twice, or a
 * temporary file renamed over), so a run starts once the saves have been quiet for `quietMs`; and never
 * two runs at once: saves during a run make one more run after it, whichever the number of saves.
 */
export class SaveRuns {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private savedDuringRun = false;
  private stopped = false;

  constructor(
    private readonly run: () => Promise<void>,
    private readonly quietMs: number,
  ) {}

  /** A save was seen: run after the quiet period, or after the run in flight. */
  saved(): void {
    if (this.stopped) return;
    if (this.running) {
      this.savedDuringRun = true;
      return;
    }
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.start(), this.quietMs);
  }

  /** Runs now (the first run, when the watch starts). */
  start(): void {
    this.timer = undefined;
    this.running = this.run().finally(() => {
      this.running = undefined;
      if (!this.savedDuringRun) return;
      this.savedDuringRun = false;
      this.saved();
    });
  }

  get busy(): boolean {
    return this.running !== undefined;
  }

  /** No run starts after this; resolves when the one in flight, if any, has ended. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }
}
