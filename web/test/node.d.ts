// The few declarations of node's built-in test runner and assert module that the tests use
// (instead of a dependency on @types/node).
declare module 'node:test' {
    type Fn = () => void | Promise<void>;
    export function test(name: string, fn: Fn): void;
    export function describe(name: string, fn: () => void): void;
    export function it(name: string, fn: Fn): void;
}

declare module 'node:assert/strict' {
    interface Assert {
        (value: unknown, message?: string): asserts value;
        ok(value: unknown, message?: string): asserts value;
        equal<T>(actual: unknown, expected: T, message?: string): asserts actual is T;
        notEqual(actual: unknown, expected: unknown, message?: string): void;
        deepEqual<T>(actual: unknown, expected: T, message?: string): asserts actual is T;
        notDeepEqual(actual: unknown, expected: unknown, message?: string): void;
        match(value: string, re: RegExp, message?: string): void;
        throws(fn: () => unknown, message?: string): void;
    }
    const assert: Assert;
    export default assert;
}

declare module 'node:fs' {
    export function readFileSync(path: string, encoding: 'utf8'): string;
}
