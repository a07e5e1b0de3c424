// Small decoders for untrusted JSON: each returns the value it accepts or `undefined`, never
// throws. `undefined` never occurs in parsed JSON, so it can stand for "malformed".

export type Decoder<T> = (x: unknown) => T | undefined;

export type JsonObject = Readonly<Record<string, unknown>>;

export function isObject(x: unknown): x is JsonObject {
    return typeof x === 'object' && x !== null && !Array.isArray(x);
}

export const str: Decoder<string> = (x) => (typeof x === 'string' ? x : undefined);

export const bool: Decoder<boolean> = (x) => (typeof x === 'boolean' ? x : undefined);

/** A whole number ≥ 0 (milliseconds, plies, versions, counters). */
export const nat: Decoder<number> = (x) => (Number.isSafeInteger(x) && (x as number) >= 0 ? (x as number) : undefined);

/** A string matching `re` (anchored by the caller). */
export function matching(re: RegExp): Decoder<string> {
    return (x) => (typeof x === 'string' && re.test(x) ? x : undefined);
}

/** One of the given string literals. */
export function oneOf<T extends string>(...values: readonly T[]): Decoder<T> {
    return (x) => (typeof x === 'string' && (values as readonly string[]).includes(x) ? (x as T) : undefined);
}

/** `null` or what `d` accepts. */
export function nullable<T>(d: Decoder<T>): Decoder<T | null> {
    return (x) => (x === null ? null : d(x));
}

/** A field that may be missing: then `fallback`. */
export function optional<T, F>(d: Decoder<T>, fallback: F): Decoder<T | F> {
    return (x) => (x === undefined ? fallback : d(x));
}

export function arrayOf<T>(d: Decoder<T>, maxLength = 10_000): Decoder<readonly T[]> {
    return (x) => {
        if (!Array.isArray(x) || x.length > maxLength) return undefined;
        const out: T[] = [];
        for (const item of x) {
            const v = d(item);
            if (v === undefined) return undefined;
            out.push(v);
        }
        return out;
    };
}

/** An object used as a map: every key accepted by `key`, every value by `value`. */
export function recordOf<T>(key: Decoder<string>, value: Decoder<T>): Decoder<Readonly<Record<string, T>>> {
    return (x) => {
        if (!isObject(x)) return undefined;
        const out: Record<string, T> = {};
        for (const [k, item] of Object.entries(x)) {
            const v = value(item);
            if (key(k) === undefined || v === undefined) return undefined;
            out[k] = v;
        }
        return out;
    };
}

type Shape = Readonly<Record<string, Decoder<unknown>>>;
type Decoded<S extends Shape> = { -readonly [K in keyof S]: S[K] extends Decoder<infer T> ? T : never };

/** An object with (at least) the fields of `shape`; unknown fields are dropped. */
export function struct<S extends Shape>(shape: S): Decoder<Decoded<S>> {
    return (x) => {
        if (!isObject(x)) return undefined;
        const out: Record<string, unknown> = {};
        for (const [k, d] of Object.entries(shape)) {
            const v = d(x[k]);
            if (v === undefined) return undefined;
            out[k] = v;
        }
        return out as Decoded<S>;
    };
}

/** Parses JSON text; `undefined` for anything that is not JSON. */
export function parseJson(text: string): unknown {
    try {
        return JSON.parse(text) as unknown;
    } catch {
        return undefined;
    }
}
