// Tiny helpers to build the page with the DOM API (no HTML strings, no inline styles).

type Child = Node | string | null | undefined | false;

export interface ElementProps {
    readonly class?: string;
    readonly text?: string;
    readonly attrs?: Readonly<Record<string, string>>;
}

/** `<tag class=… attrs…>children</tag>` */
export function el<K extends keyof HTMLElementTagNameMap>(
    tag: K,
    props: ElementProps = {},
    children: readonly Child[] = [],
): HTMLElementTagNameMap[K] {
    const node = document.createElement(tag);
    if (props.class) node.className = props.class;
    if (props.text !== undefined) node.textContent = props.text;
    for (const [name, value] of Object.entries(props.attrs ?? {})) node.setAttribute(name, value);
    for (const child of children) if (child) node.append(child);
    return node;
}

/** A `<button type="button">` that calls `onClick`. */
export function button(label: string, onClick: () => void, cls = ''): HTMLButtonElement {
    const b = el('button', { class: cls, text: label, attrs: { type: 'button' } });
    b.addEventListener('click', onClick);
    return b;
}

/** Shows or hides `node` (the `hidden` attribute). */
export function show(node: HTMLElement, visible: boolean): void {
    node.hidden = !visible;
}

/** Element ids unique on the page, for label/for and aria links. */
let nextId = 0;
export function uniqueId(prefix: string): string {
    nextId += 1;
    return `${prefix}-${nextId}`;
}

/** The element with `id`; throws when index.html lacks it (a build error, not a user's). */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
    const node = document.getElementById(id);
    if (!node) throw new Error(`index.html has no #${id}`);
    return node as T;
}

/** Copies text to the clipboard; `false` when the browser refuses. */
export async function copyText(text: string): Promise<boolean> {
    try {
        await navigator.clipboard.writeText(text);
        return true;
    } catch {
        return false;
    }
}
