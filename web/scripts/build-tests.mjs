// Bundles each test/*.test.ts with the modules it imports into build-test/*.test.mjs for
// `node --test` (no test framework beyond node's own runner).
import { readdir, rm } from 'node:fs/promises';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;
const tests = (await readdir(`${root}test`)).filter((f) => f.endsWith('.test.ts'));
await rm(`${root}build-test`, { recursive: true, force: true });
await build({
    entryPoints: tests.map((f) => `${root}test/${f}`),
    outdir: `${root}build-test`,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'inline',
    logLevel: 'warning',
});
