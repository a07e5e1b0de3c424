// Our own sounds, synthesized with the Web Audio API when they play (no audio files): a soft
// wooden tap for a move, a heavier double tap for a capture, two rising tones for check, three
// short beeps for low time and a small chord for the end of the game.

export type SoundName = 'move' | 'capture' | 'check' | 'lowTime' | 'end';

interface Tone {
    readonly type: OscillatorType;
    readonly freq: number;
    /** Seconds after the start of the sound. */
    readonly at: number;
    readonly length: number;
    readonly gain: number;
    /** The frequency at the end of the tone (a short glide), if it changes. */
    readonly endFreq?: number;
}

interface Noise {
    readonly at: number;
    readonly length: number;
    readonly gain: number;
    readonly filterFreq: number;
}

interface Recipe {
    readonly tones: readonly Tone[];
    readonly noises: readonly Noise[];
}

const Recipes: { readonly [N in SoundName]: Recipe } = {
    move: {
        tones: [{ type: 'triangle', freq: 420, endFreq: 300, at: 0, length: 0.07, gain: 0.35 }],
        noises: [{ at: 0, length: 0.03, gain: 0.25, filterFreq: 2400 }],
    },
    capture: {
        tones: [
            { type: 'triangle', freq: 330, endFreq: 210, at: 0, length: 0.09, gain: 0.4 },
            { type: 'triangle', freq: 280, endFreq: 180, at: 0.06, length: 0.1, gain: 0.35 },
        ],
        noises: [
            { at: 0, length: 0.04, gain: 0.35, filterFreq: 1800 },
            { at: 0.06, length: 0.04, gain: 0.3, filterFreq: 1500 },
        ],
    },
    check: {
        tones: [
            { type: 'sine', freq: 660, at: 0, length: 0.1, gain: 0.3 },
            { type: 'sine', freq: 880, at: 0.11, length: 0.14, gain: 0.3 },
        ],
        noises: [],
    },
    lowTime: {
        tones: [0, 0.16, 0.32].map((at) => ({ type: 'square' as const, freq: 990, at, length: 0.06, gain: 0.12 })),
        noises: [],
    },
    end: {
        tones: [
            { type: 'sine', freq: 523.25, at: 0, length: 0.5, gain: 0.22 },
            { type: 'sine', freq: 659.25, at: 0.12, length: 0.45, gain: 0.2 },
            { type: 'sine', freq: 783.99, at: 0.24, length: 0.5, gain: 0.2 },
        ],
        noises: [],
    },
};

/** A gain envelope: quick attack, exponential decay to silence. */
function envelope(ctx: AudioContext, start: number, length: number, peak: number): GainNode {
    const g = ctx.createGain();
    g.gain.setValueAtTime(0.0001, start);
    g.gain.exponentialRampToValueAtTime(peak, start + Math.min(0.008, length / 4));
    g.gain.exponentialRampToValueAtTime(0.0001, start + length);
    g.connect(ctx.destination);
    return g;
}

function playTone(ctx: AudioContext, t0: number, tone: Tone): void {
    const start = t0 + tone.at;
    const osc = ctx.createOscillator();
    osc.type = tone.type;
    osc.frequency.setValueAtTime(tone.freq, start);
    if (tone.endFreq !== undefined) osc.frequency.exponentialRampToValueAtTime(tone.endFreq, start + tone.length);
    osc.connect(envelope(ctx, start, tone.length, tone.gain));
    osc.start(start);
    osc.stop(start + tone.length + 0.02);
}

function playNoise(ctx: AudioContext, t0: number, noise: Noise): void {
    const start = t0 + noise.at;
    const frames = Math.max(1, Math.floor(ctx.sampleRate * noise.length));
    const buffer = ctx.createBuffer(1, frames, ctx.sampleRate);
    const data = buffer.getChannelData(0);
    for (let i = 0; i < frames; i++) data[i] = Math.random() * 2 - 1;
    const source = ctx.createBufferSource();
    source.buffer = buffer;
    const filter = ctx.createBiquadFilter();
    filter.type = 'bandpass';
    filter.frequency.value = noise.filterFreq;
    filter.Q.value = 1.2;
    source.connect(filter);
    filter.connect(envelope(ctx, start, noise.length, noise.gain));
    source.start(start);
}

export class Sounds {
    private ctx: AudioContext | null = null;

    constructor(private mutedNow: boolean) {}

    get muted(): boolean {
        return this.mutedNow;
    }

    setMuted(muted: boolean): void {
        this.mutedNow = muted;
        if (!muted) this.context(); // a click on the toggle is the gesture that may start audio
    }

    /** Browsers start audio only after a gesture: call this from one (a click, a key). */
    unlock(): void {
        if (!this.mutedNow) this.context();
    }

    play(name: SoundName): void {
        if (this.mutedNow) return;
        const ctx = this.context();
        if (!ctx || ctx.state !== 'running') return;
        const t0 = ctx.currentTime + 0.01;
        const recipe = Recipes[name];
        for (const tone of recipe.tones) playTone(ctx, t0, tone);
        for (const noise of recipe.noises) playNoise(ctx, t0, noise);
    }

    private context(): AudioContext | null {
        if (!this.ctx) {
            if (typeof AudioContext === 'undefined') return null;
            this.ctx = new AudioContext();
        }
        if (this.ctx.state === 'suspended') void this.ctx.resume().catch(() => undefined);
        return this.ctx;
    }
}
