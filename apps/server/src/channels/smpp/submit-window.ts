interface Waiter {
  resolve: () => void;
  reject: (error: Error) => void;
}

/**
 * The SMPP window: at most `size` submit_sm awaiting their response at once. The dispatcher may
 * call send more often than that (and a long message is several submits), so the excess waits
 * here in order. After throttling the window also stays shut for a while (`pauseFor`).
 */
export class SubmitWindow {
  #inFlight = 0;
  #pausedUntil = 0;
  #resumeTimer: NodeJS.Timeout | null = null;
  readonly #waiters: Waiter[] = [];

  constructor(readonly size: number) {}

  get inFlight(): number {
    return this.#inFlight;
  }

  /** Resolves when a slot is taken for the caller; pair with exactly one `release`. */
  acquire(): Promise<void> {
    if (this.#waiters.length === 0 && this.#canStart()) {
      this.#inFlight++;
      return Promise.resolve();
    }
    const slot = new Promise<void>((resolve, reject) => this.#waiters.push({ resolve, reject }));
    this.#scheduleResume();
    return slot;
  }

  release(): void {
    this.#inFlight--;
    this.#admit();
  }

  /** No new submits for `ms` (throttling); the ones in flight go on. */
  pauseFor(ms: number): void {
    this.#pausedUntil = Math.max(this.#pausedUntil, Date.now() + ms);
  }

  /** Fails every waiting caller (the bind was stopped). */
  rejectWaiting(error: Error): void {
    for (const waiter of this.#waiters.splice(0)) waiter.reject(error);
    if (this.#resumeTimer) clearTimeout(this.#resumeTimer);
    this.#resumeTimer = null;
  }

  #canStart(): boolean {
    return this.#inFlight < this.size && Date.now() >= this.#pausedUntil;
  }

  #admit(): void {
    while (this.#waiters.length > 0 && this.#canStart()) {
      this.#inFlight++;
      this.#waiters.shift()!.resolve();
    }
    this.#scheduleResume();
  }

  /** While paused nothing releases a slot, so a timer lets the waiters in when the pause ends. */
  #scheduleResume(): void {
    const wait = this.#pausedUntil - Date.now();
    if (this.#resumeTimer || this.#waiters.length === 0 || wait <= 0) return;
    this.#resumeTimer = setTimeout(() => {
      this.#resumeTimer = null;
      this.#admit();
    }, wait);
  }
}
