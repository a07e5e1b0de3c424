// The screen kept on while a clock runs (Screen Wake Lock API, where the browser has it; the
// clock runs without it too).

/** Keeps the screen on while the clock runs (Wake Lock API, where the browser has it). */
export class Awake {
    private lock: WakeLockSentinel | null = null;
    private wanted = false;
    // A lock ends when the page is hidden: taken again when it is shown while still wanted.
    private readonly onVisible = () => {
        if (this.wanted && document.visibilityState === 'visible') void this.acquire();
    };
    constructor() {
        document.addEventListener('visibilitychange', this.onVisible);
    }
    /** Lets the screen go dark again and stops watching the page's visibility. */
    dispose(): void {
        this.set(false);
        document.removeEventListener('visibilitychange', this.onVisible);
    }
    set(on: boolean): void {
        this.wanted = on;
        if (on) void this.acquire();
        else void this.lock?.release().catch(() => undefined);
        if (!on) this.lock = null;
    }
    private async acquire(): Promise<void> {
        if (this.lock || !('wakeLock' in navigator)) return;
        try {
            this.lock = await navigator.wakeLock.request('screen');
            this.lock.addEventListener('release', () => {
                this.lock = null;
            });
        } catch {
            this.lock = null; // refused (battery saver, not visible): the clock runs anyway
        }
    }
}
