// The evaluation graph of the review: our own SVG of White's winning chances after each ply
// (above the middle line White is better), the judged moves as points coloured by their
// judgement, the shown ply marked. A click goes to the ply under the pointer; the arrow keys
// (the game page's) step through the plies, and the graph is a slider for screen readers.
// Colours come from app.css by class: no style attributes (the CSP refuses them).
import type { Analysis, Evaluation, Judgement } from './review_protocol.js';

const Svg = 'http://www.w3.org/2000/svg';
const Width = 600;
const Height = 120;
const Mid = Height / 2;
const Amplitude = Height / 2 - 6;

/** White's winning chances for an evaluation (lichess's curve), −1 … 1. */
export function winningChances(e: Evaluation | null): number {
    if (e === null) return 0;
    const cp = 'mate' in e ? (e.mate === 0 ? 0 : e.mate > 0 ? 1000 : -1000) : Math.max(-1000, Math.min(1000, e.cp));
    return 2 / (1 + Math.exp(-0.00368208 * cp)) - 1;
}

export interface GraphPoint {
    readonly ply: number;
    readonly x: number;
    readonly y: number;
    readonly judgement: Judgement | null;
}

/** The points of the graph in its coordinates: ply 0 (the start) to the last analysed ply. */
export function graphPoints(analysis: Analysis): GraphPoint[] {
    const plies = analysis.plies;
    const last = plies.length === 0 ? 1 : Math.max(1, plies[plies.length - 1]!.ply);
    const x = (ply: number) => (ply / last) * Width;
    const y = (wc: number) => Mid - wc * Amplitude;
    const start: GraphPoint = { ply: 0, x: 0, y: y(winningChances(analysis.start?.eval ?? { cp: 0 })), judgement: null };
    return [start, ...plies.map((p) => ({ ply: p.ply, x: x(p.ply), y: y(p.wc), judgement: p.judgement }))];
}

/** The ply nearest to `fraction` (0 … 1) of the graph's width. */
export function plyAt(fraction: number, lastPly: number): number {
    return Math.max(0, Math.min(lastPly, Math.round(fraction * lastPly)));
}

function svg<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Readonly<Record<string, string | number>>): SVGElementTagNameMap[K] {
    const node = document.createElementNS(Svg, tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
    return node;
}

export class EvalGraph {
    readonly el: SVGSVGElement;
    private analysis: Analysis | null = null;
    private readonly area: SVGPathElement;
    private readonly line: SVGPolylineElement;
    private readonly points: SVGGElement;
    private readonly cursor: SVGLineElement;
    private lastPly = 0;

    constructor(label: string, onJump: (ply: number) => void) {
        this.el = svg('svg', { class: 'eval-graph', viewBox: `0 0 ${Width} ${Height}`, role: 'slider', tabindex: 0, 'aria-label': label, 'aria-valuemin': 0 });
        this.area = svg('path', { class: 'graph-white' });
        this.line = svg('polyline', { class: 'graph-line' });
        this.points = svg('g', { class: 'graph-points' });
        this.cursor = svg('line', { class: 'graph-cursor', y1: 0, y2: Height });
        this.el.append(
            svg('rect', { class: 'graph-black', x: 0, y: 0, width: Width, height: Height }),
            this.area,
            svg('line', { class: 'graph-mid', x1: 0, x2: Width, y1: Mid, y2: Mid }),
            this.line,
            this.cursor,
            this.points,
        );
        this.el.addEventListener('click', (ev) => {
            const target = ev.target instanceof Element ? ev.target.closest('[data-ply]') : null;
            if (target) {
                onJump(Number(target.getAttribute('data-ply')));
                return;
            }
            const box = this.el.getBoundingClientRect();
            if (box.width > 0) onJump(plyAt((ev.clientX - box.left) / box.width, this.lastPly));
        });
    }

    /** Draws `analysis` (again only when it changed) and marks ply `shown`. */
    render(analysis: Analysis, shown: number, valueText: string): void {
        if (analysis !== this.analysis) this.draw(analysis);
        const last = this.lastPly;
        const x = (Math.min(shown, last) / Math.max(1, last)) * Width;
        this.cursor.setAttribute('x1', String(x));
        this.cursor.setAttribute('x2', String(x));
        this.el.setAttribute('aria-valuemax', String(last));
        this.el.setAttribute('aria-valuenow', String(Math.min(shown, last)));
        this.el.setAttribute('aria-valuetext', valueText);
        for (const p of this.points.children) p.classList.toggle('shown', p.getAttribute('data-ply') === String(shown));
    }

    private draw(analysis: Analysis): void {
        this.analysis = analysis;
        const points = graphPoints(analysis);
        this.lastPly = points[points.length - 1]!.ply;
        const coords = points.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`);
        this.line.setAttribute('points', coords.join(' '));
        const lastX = points[points.length - 1]!.x.toFixed(1);
        this.area.setAttribute('d', `M0,${Height} L${coords.join(' L')} L${lastX},${Height} Z`);
        this.points.replaceChildren(
            ...points
                .filter((p) => p.judgement !== null)
                .map((p) => svg('circle', { class: `graph-point j-${p.judgement}`, cx: p.x.toFixed(1), cy: p.y.toFixed(1), r: 5, 'data-ply': p.ply })),
        );
    }
}
