// The puzzle rating's history as a small SVG line graph of our own: one point per rated attempt,
// the lowest and highest rating on the vertical axis. The geometry is a pure function (tested);
// the element is built from it.

export interface GraphGeometry {
    /** The SVG path (`M x y L x y …`), empty without points. */
    readonly path: string;
    readonly low: number;
    readonly high: number;
    /** The last point, for its marker. */
    readonly last: { readonly x: number; readonly y: number } | null;
}

export const GraphWidth = 320;
export const GraphHeight = 120;
const Pad = 8;
/** Room on the left for the axis' numbers. */
const Left = 40;

/** The line through the ratings, left to right, in a `width` × `height` box (a margin of 8, and
 * 40 on the left for the lowest and highest rating). */
export function graphGeometry(ratings: readonly number[], width = GraphWidth, height = GraphHeight): GraphGeometry {
    if (ratings.length === 0) return { path: '', low: 0, high: 0, last: null };
    const low = Math.min(...ratings);
    const high = Math.max(...ratings);
    const span = Math.max(high - low, 50); // a flat history stays a flat line in the middle
    const mid = (low + high) / 2;
    const x = (i: number) => (ratings.length === 1 ? (Left + width - Pad) / 2 : Left + (i * (width - Left - Pad)) / (ratings.length - 1));
    const y = (r: number) => height / 2 - ((r - mid) / span) * (height - 2 * Pad);
    const points = ratings.map((r, i) => ({ x: Math.round(x(i) * 10) / 10, y: Math.round(y(r) * 10) / 10 }));
    const path = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x} ${p.y}`).join(' ');
    return { path, low, high, last: points[points.length - 1] ?? null };
}

const SvgNs = 'http://www.w3.org/2000/svg';

/** The graph as an `<svg role="img">` with `label` as its accessible name. */
export function ratingGraph(ratings: readonly number[], label: string): SVGSVGElement {
    const g = graphGeometry(ratings);
    const svg = document.createElementNS(SvgNs, 'svg');
    svg.setAttribute('viewBox', `0 0 ${GraphWidth} ${GraphHeight}`);
    svg.setAttribute('class', 'rating-graph');
    svg.setAttribute('role', 'img');
    svg.setAttribute('aria-label', label);
    const frame = document.createElementNS(SvgNs, 'rect');
    frame.setAttribute('class', 'rating-graph-frame');
    frame.setAttribute('x', '0.5');
    frame.setAttribute('y', '0.5');
    frame.setAttribute('width', String(GraphWidth - 1));
    frame.setAttribute('height', String(GraphHeight - 1));
    svg.append(frame);
    const addText = (text: string, y: number, cls: string) => {
        const t = document.createElementNS(SvgNs, 'text');
        t.setAttribute('x', '6');
        t.setAttribute('y', String(y));
        t.setAttribute('class', cls);
        t.textContent = text;
        svg.append(t);
    };
    if (g.path) {
        const line = document.createElementNS(SvgNs, 'path');
        line.setAttribute('d', g.path);
        line.setAttribute('class', 'rating-graph-line');
        svg.append(line);
        if (g.last) {
            const dot = document.createElementNS(SvgNs, 'circle');
            dot.setAttribute('cx', String(g.last.x));
            dot.setAttribute('cy', String(g.last.y));
            dot.setAttribute('r', '3.5');
            dot.setAttribute('class', 'rating-graph-dot');
            svg.append(dot);
        }
        addText(String(g.high), 14, 'rating-graph-axis');
        addText(String(g.low), GraphHeight - 6, 'rating-graph-axis');
    }
    return svg;
}
