// The ARIA live region (#live in index.html): moves, offers, refusals and the result are read
// out by screen readers in the page's language.

let region: HTMLElement | null = null;
let pending: number | null = null;
let queued: string[] = [];

export function initAnnouncer(node: HTMLElement): void {
    region = node;
}

/** Says `text` politely (after what the reader is saying). Texts given within a few
 * milliseconds are said together; the same text twice is said twice. */
export function announce(text: string): void {
    const node = region;
    if (!node || text === '') return;
    queued.push(text);
    node.textContent = '';
    if (pending !== null) window.clearTimeout(pending);
    // A short gap so that an unchanged text is still a change for the reader.
    pending = window.setTimeout(() => {
        pending = null;
        node.textContent = queued.join(' ');
        queued = [];
    }, 60);
}
