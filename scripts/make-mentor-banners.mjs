// Draws the built-in monthly-mentor banners, public/images/mentor-{catholic|ewha|kau|default}.webp
// (contract/mentor-values.ts names them; section 16 lets an operator keep them), with the system
// Chromium: an SVG scene per campus, encoded to WebP by the browser's canvas.
// Run: node scripts/make-mentor-banners.mjs   (commit the WebPs; the build does not run this)
import { mkdir, writeFile } from 'node:fs/promises';
import { chromium } from 'playwright-core';

const WIDTH = 960;
const HEIGHT = 540;
/** WebP quality: ~10 KB a banner, no visible banding on the gradients at 390 px (2×). */
const QUALITY = 0.8;

/** Each campus's tint beside the brand orange (the app's theme `brand`). */
const CAMPUSES = {
  catholic: { tint: '#2B4C9B', soft: '#DCE5F7' },
  ewha: { tint: '#0F6B45', soft: '#D8EFE3' },
  kau: { tint: '#0B6FB8', soft: '#D6EAF8' },
  default: { tint: '#C2570C', soft: '#FFE6D2' },
};
const BRAND = '#FF7A1A';

/** Two people's lunch, seen from above the table: trays, cups and a conversation. */
function scene({ tint, soft }) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${soft}"/><stop offset="1" stop-color="#FFF4EA"/>
    </linearGradient>
    <radialGradient id="table" cx="0.5" cy="0.45" r="0.6">
      <stop offset="0" stop-color="#FFFFFF"/><stop offset="1" stop-color="#F3EEE8"/>
    </radialGradient>
  </defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>
  <circle cx="70" cy="80" r="120" fill="${tint}" opacity="0.10"/>
  <circle cx="900" cy="470" r="160" fill="${BRAND}" opacity="0.12"/>
  <circle cx="820" cy="90" r="36" fill="${BRAND}" opacity="0.25"/>
  <circle cx="150" cy="460" r="22" fill="${tint}" opacity="0.25"/>
  <ellipse cx="480" cy="300" rx="300" ry="190" fill="url(#table)" stroke="#EADFD3" stroke-width="4"/>
  <g transform="translate(330 300)">
    <rect x="-85" y="-60" width="170" height="120" rx="22" fill="${tint}" opacity="0.9"/>
    <circle cx="-30" cy="-5" r="34" fill="#FFFFFF"/><circle cx="-30" cy="-5" r="22" fill="#FFD29E"/>
    <rect x="22" y="-38" width="44" height="30" rx="8" fill="#FFFFFF"/><rect x="22" y="6" width="44" height="30" rx="8" fill="#FFFFFF" opacity="0.85"/>
  </g>
  <g transform="translate(630 300)">
    <rect x="-85" y="-60" width="170" height="120" rx="22" fill="${BRAND}"/>
    <circle cx="30" cy="-5" r="34" fill="#FFFFFF"/><circle cx="30" cy="-5" r="22" fill="#C8E6A8"/>
    <rect x="-66" y="-38" width="44" height="30" rx="8" fill="#FFFFFF"/><rect x="-66" y="6" width="44" height="30" rx="8" fill="#FFFFFF" opacity="0.85"/>
  </g>
  <g transform="translate(480 190)">
    <circle r="34" fill="#FFFFFF" stroke="#EADFD3" stroke-width="4"/><circle r="24" fill="#8A5A3C"/>
    <path d="M34 -6 q22 6 0 18" fill="none" stroke="#EADFD3" stroke-width="6" stroke-linecap="round"/>
  </g>
  <g transform="translate(250 110)">
    <rect x="-70" y="-38" width="140" height="76" rx="38" fill="#FFFFFF"/>
    <path d="M-20 36 l-14 26 l34 -26z" fill="#FFFFFF"/>
    <circle cx="-30" cy="0" r="9" fill="${tint}"/><circle cx="0" cy="0" r="9" fill="${tint}" opacity="0.7"/><circle cx="30" cy="0" r="9" fill="${tint}" opacity="0.45"/>
  </g>
  <g transform="translate(710 110)">
    <rect x="-70" y="-38" width="140" height="76" rx="38" fill="#FFFFFF"/>
    <path d="M20 36 l14 26 l-34 -26z" fill="#FFFFFF"/>
    <path d="M-22 -2 l14 14 l30 -30" fill="none" stroke="${BRAND}" stroke-width="12" stroke-linecap="round" stroke-linejoin="round"/>
  </g>
</svg>`;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
try {
  const out = new URL('../public/images/', import.meta.url);
  await mkdir(out, { recursive: true });
  const page = await browser.newPage();
  for (const [key, colours] of Object.entries(CAMPUSES)) {
    const svg = scene(colours);
    const base64 = await page.evaluate(
      // Runs in the page: the browser's Image and canvas.
      async ({ svg, width, height, quality }) => {
        /* global Image, document */
        const img = new Image();
        img.src = `data:image/svg+xml;base64,${btoa(svg)}`;
        await img.decode();
        const canvas = document.createElement('canvas');
        canvas.width = width;
        canvas.height = height;
        canvas.getContext('2d').drawImage(img, 0, 0);
        return canvas.toDataURL('image/webp', quality).split(',')[1];
      },
      { svg, width: WIDTH, height: HEIGHT, quality: QUALITY },
    );
    const file = new URL(`mentor-${key}.webp`, out);
    await writeFile(file, Buffer.from(base64, 'base64'));
    console.log(`public/images/mentor-${key}.webp`, Math.round(Buffer.byteLength(base64, 'base64') / 1024), 'KB');
  }
} finally {
  await browser.close();
}
