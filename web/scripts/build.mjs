// `npm run build`: bundles src/main.ts into dist/app.js (minified, with a source map) and copies
// static/* and chessground's board and piece CSS into dist/.
import { copyFile, mkdir, readdir, rm } from 'node:fs/promises';
import { build } from 'esbuild';
import { chessgroundCspPlugin } from './chessground-csp.mjs';

const root = new URL('..', import.meta.url).pathname;
const dist = `${root}dist`;
const chessgroundAssets = `${root}node_modules/@lichess-org/chessground/assets`;
const chessgroundCss = ['chessground.base.css', 'chessground.brown.css', 'chessground.cburnett.css'];

await rm(dist, { recursive: true, force: true });
await mkdir(dist, { recursive: true });
await build({
    entryPoints: [`${root}src/main.ts`],
    outfile: `${dist}/app.js`,
    bundle: true,
    minify: true,
    sourcemap: true,
    format: 'iife',
    target: ['es2022'],
    legalComments: 'eof',
    logLevel: 'warning',
    plugins: [chessgroundCspPlugin],
});
for (const file of await readdir(`${root}static`)) await copyFile(`${root}static/${file}`, `${dist}/${file}`);
for (const file of chessgroundCss) await copyFile(`${chessgroundAssets}/${file}`, `${dist}/${file}`);
console.log(`built ${dist}: ${(await readdir(dist)).sort().join(', ')}`);
