/**
 * Draws the shop's own illustrations (hero and blog pictures) as SVG and encodes them to small
 * WebP files under public/, in the three widths every picture of the shop has (400, 800 and
 * 1600 px: `<name>-400w.webp`, `<name>-800w.webp`, `<name>.webp`; docs/behaviour.md §3.6), so
 * that pages offer them with srcset. Run from apps/web: `node scripts/generate-images.mjs`.
 * sharp comes with the API workspace (hoisted to the root node_modules).
 */
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const publicDir = fileURLToPath(new URL('../public/', import.meta.url));

const hero = `
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 960 720">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#fdf2e9"/><stop offset="1" stop-color="#f6e3d3"/>
    </linearGradient>
    <linearGradient id="wood" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#a16207"/><stop offset="1" stop-color="#78350f"/>
    </linearGradient>
    <linearGradient id="metal" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#d6d3d1"/><stop offset=".5" stop-color="#fafaf9"/><stop offset="1" stop-color="#a8a29e"/>
    </linearGradient>
    <clipPath id="card"><rect width="960" height="720" rx="48"/></clipPath>
  </defs>
  <g clip-path="url(#card)">
  <rect width="960" height="720" fill="url(#bg)"/>
  <path d="M0 560 C 200 440, 420 640, 620 520 S 860 440, 960 480 L 960 720 L 0 720 Z" fill="#b91c1c" opacity=".92"/>
  <path d="M-20 640 C 220 560, 460 700, 700 600 S 900 600, 980 620" stroke="#1e3a8a" stroke-width="26" fill="none" stroke-linecap="round" opacity=".85"/>
  <!-- swatches -->
  <g transform="translate(650 90) rotate(12)">
    <rect width="180" height="250" rx="16" fill="#fff" stroke="#e7e3dd" stroke-width="4"/>
    <rect x="20" y="20" width="140" height="50" rx="6" fill="#b91c1c"/>
    <rect x="20" y="80" width="140" height="50" rx="6" fill="#b45309"/>
    <rect x="20" y="140" width="140" height="50" rx="6" fill="#1e3a8a"/>
    <rect x="20" y="200" width="140" height="30" rx="6" fill="#15803d"/>
  </g>
  <!-- paint can -->
  <g transform="translate(420 250)">
    <ellipse cx="120" cy="40" rx="120" ry="34" fill="#a8a29e"/>
    <rect x="0" y="40" width="240" height="230" fill="url(#metal)"/>
    <ellipse cx="120" cy="270" rx="120" ry="34" fill="#a8a29e"/>
    <rect x="0" y="110" width="240" height="100" fill="#b91c1c"/>
    <text x="120" y="172" font-family="Arial, sans-serif" font-size="28" font-weight="700" fill="#fff" text-anchor="middle">BRUSHWORKS</text>
    <ellipse cx="120" cy="40" rx="104" ry="26" fill="#b91c1c"/>
    <path d="M48 50 q18 26 6 52" stroke="#b91c1c" stroke-width="16" fill="none" stroke-linecap="round"/>
  </g>
  <!-- roller -->
  <g transform="translate(110 120) rotate(-18)">
    <rect x="0" y="0" width="260" height="90" rx="45" fill="#1e3a8a"/>
    <rect x="14" y="12" width="232" height="66" rx="33" fill="#3b5bb5" opacity=".6"/>
    <path d="M260 45 h50 v150 h-150 v60" stroke="#57534e" stroke-width="12" fill="none" stroke-linejoin="round"/>
    <rect x="138" y="250" width="44" height="170" rx="20" fill="url(#wood)"/>
  </g>
  <!-- brush -->
  <g transform="translate(300 350) rotate(35)">
    <rect x="0" y="0" width="46" height="220" rx="22" fill="url(#wood)"/>
    <rect x="-14" y="210" width="74" height="60" rx="6" fill="url(#metal)"/>
    <path d="M-14 270 h74 l-6 90 q-31 22 -62 0 Z" fill="#292524"/>
    <path d="M-8 330 q31 40 62 0 l-4 30 q-27 20 -54 0 Z" fill="#b91c1c"/>
  </g>
  </g>
</svg>`;

const frame = (body, tint) => `
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 450">
  <rect width="800" height="450" fill="${tint}"/>
  <circle cx="700" cy="60" r="140" fill="#ffffff" opacity=".25"/>
  <circle cx="90" cy="420" r="120" fill="#ffffff" opacity=".18"/>
  ${body}
</svg>`;

const label = (x, y, text, size = 30, color = '#ffffff') =>
  `<text x="${x}" y="${y}" font-family="Arial, sans-serif" font-size="${size}" font-weight="700" fill="${color}" text-anchor="middle">${text}</text>`;

const blogs = {
  'react-performance': frame(
    `<g transform="translate(400 225)">
      <circle r="150" fill="#fff"/>
      <path d="M-120 40 A130 130 0 0 1 120 40" stroke="#e7e3dd" stroke-width="26" fill="none"/>
      <path d="M-120 40 A130 130 0 0 1 90 -70" stroke="#15803d" stroke-width="26" fill="none" stroke-linecap="round"/>
      <line x1="0" y1="20" x2="80" y2="-60" stroke="#292524" stroke-width="12" stroke-linecap="round"/>
      <circle cy="20" r="18" fill="#292524"/>
      ${label(0, 110, 'FAST', 40, '#15803d')}
    </g>`,
    '#1e3a8a',
  ),
  'react-state': frame(
    `<g fill="#fff">
      <rect x="90" y="150" width="170" height="150" rx="18"/>
      <rect x="315" y="150" width="170" height="150" rx="18"/>
      <rect x="540" y="150" width="170" height="150" rx="18"/>
    </g>
    <g stroke="#fff" stroke-width="10" stroke-linecap="round" fill="none">
      <path d="M262 225 h46 m-16 -16 l16 16 l-16 16"/>
      <path d="M487 225 h46 m-16 -16 l16 16 l-16 16"/>
    </g>
    ${label(175, 235, 'state', 32, '#b45309')}${label(400, 235, 'render', 32, '#b45309')}${label(625, 235, 'view', 32, '#b45309')}`,
    '#b45309',
  ),
  'prototypal-inheritance': frame(
    `<g fill="#fff" stroke="#292524" stroke-width="4">
      <rect x="70" y="170" width="180" height="110" rx="16"/>
      <rect x="310" y="170" width="180" height="110" rx="16"/>
      <rect x="550" y="170" width="180" height="110" rx="16"/>
    </g>
    <g stroke="#fff" stroke-width="10" fill="none" stroke-linecap="round">
      <path d="M250 225 h52"/><path d="M490 225 h52"/>
    </g>
    ${label(160, 235, 'brush', 30, '#292524')}${label(400, 235, 'Tool', 30, '#292524')}${label(640, 235, 'Object', 30, '#292524')}
    ${label(400, 360, '__proto__', 34)}`,
    '#292524',
  ),
  'immutable-state': frame(
    `<g transform="translate(400 220)">
      <rect x="-110" y="-20" width="220" height="170" rx="22" fill="#fff"/>
      <path d="M-70 -20 v-50 a70 70 0 0 1 140 0 v50" stroke="#fff" stroke-width="26" fill="none"/>
      <circle cy="55" r="24" fill="#b91c1c"/>
      <rect x="-8" y="60" width="16" height="50" rx="8" fill="#b91c1c"/>
    </g>
    ${label(400, 420, 'setState(next)', 32)}`,
    '#b91c1c',
  ),
  'unit-testing': frame(
    `<g transform="translate(200 95)">
      <rect width="400" height="270" rx="22" fill="#fff"/>
      <g stroke="#15803d" stroke-width="12" fill="none" stroke-linecap="round" stroke-linejoin="round">
        <path d="M40 65 l22 22 l40 -44"/><path d="M40 145 l22 22 l40 -44"/><path d="M40 225 l22 22 l40 -44"/>
      </g>
      <g fill="#e7e3dd"><rect x="130" y="55" width="230" height="24" rx="12"/><rect x="130" y="135" width="190" height="24" rx="12"/><rect x="130" y="215" width="210" height="24" rx="12"/></g>
    </g>`,
    '#15803d',
  ),
};

const WIDTHS = [400, 800, 1600];

/** The picture in every width; rasterised at the density that gives each width, so each is sharp. */
async function writeWidths(svg, stem, viewBoxWidth, quality) {
  for (const width of WIDTHS) {
    const file = width === WIDTHS.at(-1) ? `${stem}.webp` : `${stem}-${width}w.webp`;
    const info = await sharp(Buffer.from(svg), { density: (72 * width) / viewBoxWidth })
      .resize({ width })
      .webp({ quality, effort: 6 })
      .toFile(file);
    console.log(file.replace(publicDir, 'public/'), `${info.width}x${info.height}`, `${info.size} bytes`);
  }
}

await mkdir(`${publicDir}blogs`, { recursive: true });
await writeWidths(hero, `${publicDir}hero`, 960, 72);
for (const [name, svg] of Object.entries(blogs)) {
  await writeWidths(svg, `${publicDir}blogs/${name}`, 800, 70);
}
