// Renders public/favicon.svg to the PWA's PNG icons with the system Chromium.
// Run: node scripts/make-icons.mjs   (commit the PNGs; the build does not run this)
import { readFile } from 'node:fs/promises';
import { chromium } from 'playwright-core';

const BRAND = '#FF7A1A';
const svg = await readFile(new URL('../public/favicon.svg', import.meta.url), 'utf8');
const dataUrl = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;

/**
 * `any` icons: the rounded mark on transparent corners.
 * `maskable`: full-bleed brand colour, the mark inside the central 80 % safe zone.
 */
const targets = [
  { file: 'pwa-192x192.png', size: 192, maskable: false },
  { file: 'pwa-512x512.png', size: 512, maskable: false },
  { file: 'pwa-maskable-512x512.png', size: 512, maskable: true },
  { file: 'apple-touch-icon.png', size: 180, maskable: true },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
try {
  for (const { file, size, maskable } of targets) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    const inner = maskable ? Math.round(size * 0.72) : size;
    await page.setContent(`<!doctype html><html><body style="margin:0;width:${size}px;height:${size}px;display:flex;align-items:center;justify-content:center;background:${maskable ? BRAND : 'transparent'}">
      <img src="${dataUrl}" width="${inner}" height="${inner}" alt="" /></body></html>`);
    await page.locator('img').evaluate((img) => img.decode());
    await page.screenshot({ path: new URL(`../public/${file}`, import.meta.url).pathname, omitBackground: !maskable });
    await page.close();
    console.log(`public/${file}`);
  }
} finally {
  await browser.close();
}
