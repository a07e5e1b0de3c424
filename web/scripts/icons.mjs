// `node scripts/icons.mjs`: draws static/favicon.svg (our own icon) into the raster files
// browsers ask for: static/apple-touch-icon.png (180×180) and static/favicon.ico (a 32×32 PNG
// inside an ICO container, which every browser since IE 11 reads). Uses the browser tests'
// Chromium; run it again after changing the SVG and commit the three files.
import { readFile, writeFile } from 'node:fs/promises';
import { chromium } from 'playwright-core';

const staticDir = new URL('../static/', import.meta.url).pathname;
const svg = await readFile(`${staticDir}favicon.svg`, 'utf8');
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' });

async function render(size) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    await page.setContent(`<style>html,body{margin:0;background:transparent}</style><img src="${src}" width="${size}" height="${size}">`);
    const png = await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
    await page.close();
    return png;
}

/** An ICO file holding one PNG image. */
function ico(png, size) {
    const header = Buffer.alloc(22);
    header.writeUInt16LE(0, 0); // reserved
    header.writeUInt16LE(1, 2); // type: icon
    header.writeUInt16LE(1, 4); // one image
    header.writeUInt8(size % 256, 6);
    header.writeUInt8(size % 256, 7);
    header.writeUInt8(0, 8); // no palette
    header.writeUInt8(0, 9);
    header.writeUInt16LE(1, 10); // colour planes
    header.writeUInt16LE(32, 12); // bits per pixel
    header.writeUInt32LE(png.length, 14);
    header.writeUInt32LE(22, 18); // offset of the image
    return Buffer.concat([header, png]);
}

try {
    await writeFile(`${staticDir}apple-touch-icon.png`, await render(180));
    await writeFile(`${staticDir}favicon.ico`, ico(await render(32), 32));
    console.log(`wrote ${staticDir}apple-touch-icon.png and favicon.ico`);
} finally {
    await browser.close();
}
