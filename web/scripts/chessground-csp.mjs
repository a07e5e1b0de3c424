// chessground gives the SVG layers of its board a `style` attribute (`color-scheme:light only`,
// in dist/wrap.js). Our Content-Security-Policy (`style-src 'self'`) refuses style attributes,
// so every page with a board logged a CSP violation. This esbuild plugin drops that one attribute
// while bundling; app.css gives the same property to `.cg-wrap svg`. Styles set through the
// CSSOM (`el.style.transform = …`, which chessground uses for everything else) are not affected
// by the policy. The text is pinned: when a new chessground writes it differently, the build
// stops here instead of the pages logging errors again.
import { readFile } from 'node:fs/promises';

/** The exact text in chessground 10.4's dist/wrap.js. */
export const StyleAttribute = "        style: 'color-scheme:light only',\n";

export const chessgroundCspPlugin = {
    name: 'chessground-csp',
    setup(build) {
        build.onLoad({ filter: /@lichess-org[\\/]chessground[\\/]dist[\\/]wrap\.js$/ }, async (args) => {
            const source = await readFile(args.path, 'utf8');
            const count = source.split(StyleAttribute).length - 1;
            if (count !== 1) {
                throw new Error(`${args.path}: expected the SVG style attribute once, found it ${count} times; check what this chessground sets as a style attribute (our CSP refuses them)`);
            }
            return { contents: source.replace(StyleAttribute, ''), loader: 'js' };
        });
    },
};
