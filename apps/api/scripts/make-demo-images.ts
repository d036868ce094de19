/**
 * Draws the demo catalogue's pictures in code and writes them as WebP to
 * apps/api/seed-assets/tools/<slug>.webp (1600 px wide), with the narrower copies an upload
 * gets too (<slug>-400w.webp, <slug>-800w.webp; docs/behaviour.md §3.6). Every picture is our
 * own flat illustration.
 *
 *   node --import tsx scripts/make-demo-images.ts            (from apps/api)
 *   node --import tsx scripts/make-demo-images.ts --png /tmp (also writes PNG previews there)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { IMAGE_WIDTHS } from '@shop/shared/constants';

/** The drawing's own size; each stored width scales it. */
const WIDTH = 800;
const HEIGHT = 600;
const QUALITY = 75;
const outDir = fileURLToPath(new URL('../seed-assets/tools/', import.meta.url));

/** Brushworks palette. */
const c = {
  paper: '#F7F2EB',
  ink: '#2E3A40',
  shadow: '#2E3A40',
  wood: '#C98E5C',
  woodDark: '#A8703F',
  woodLight: '#DDAA7B',
  steel: '#B9C3CC',
  steelDark: '#8E9AA5',
  steelLight: '#DDE3E8',
  teal: '#2F6F73',
  tealDark: '#245659',
  tealLight: '#4F9296',
  terracotta: '#D4643B',
  terracottaDark: '#B24F2B',
  mustard: '#E3AE45',
  mustardDark: '#C48F2C',
  cream: '#F2E4C4',
  bristle: '#E7CB8E',
  bristleDark: '#C9A764',
  navy: '#34506B',
  berry: '#A63D5A',
  sage: '#7FA38A',
};

interface Scene {
  tint: string;
  body: string;
  /** Width of the ground shadow under the tool. */
  shadow?: number;
}

/** Soft background, a tinted disc behind the tool, a ground shadow and a few paint dots. */
function scene({ tint, body, shadow = 250 }: Scene): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
<rect width="${WIDTH}" height="${HEIGHT}" fill="${c.paper}"/>
<circle cx="400" cy="300" r="238" fill="${tint}"/>
<circle cx="128" cy="118" r="10" fill="${tint}"/>
<circle cx="158" cy="92" r="5" fill="${tint}"/>
<circle cx="682" cy="484" r="12" fill="${tint}"/>
<circle cx="650" cy="512" r="6" fill="${tint}"/>
<ellipse cx="400" cy="528" rx="${shadow}" ry="18" fill="${c.shadow}" opacity="0.12"/>
${body}
</svg>`;
}

const rotate = (deg: number, body: string, cx = 400, cy = 300) =>
  `<g transform="rotate(${deg} ${cx} ${cy})">${body}</g>`;

/** A flat wall brush: wide bristles, a wooden beaver-tail handle. */
function flatWallBrush(): string {
  const bristleLines = [258, 276, 294, 312, 330, 346]
    .map(
      (y) =>
        `<path d="M490 ${y} L600 ${y + 1}" stroke="${c.bristleDark}" stroke-width="3" stroke-linecap="round"/>`,
    )
    .join('');
  return scene({
    tint: '#F4D9C8',
    body: rotate(
      -24,
      `<path d="M150 270 Q150 262 158 262 L350 262 Q372 262 410 244 L410 356 Q372 338 350 338 L158 338 Q150 338 150 330 Z" fill="${c.wood}"/>
<path d="M160 276 L352 276 Q372 276 398 264 L398 276 Q372 290 352 290 L160 290 Z" fill="${c.woodLight}"/>
<circle cx="184" cy="300" r="10" fill="${c.woodDark}"/>
<rect x="404" y="236" width="84" height="128" rx="6" fill="${c.steel}"/>
<rect x="404" y="244" width="84" height="16" fill="${c.steelLight}"/>
<path d="M428 236 V364 M464 236 V364" stroke="${c.steelDark}" stroke-width="4"/>
<path d="M488 240 L630 236 Q648 236 648 254 L648 346 Q648 364 630 364 L488 360 Z" fill="${c.bristle}"/>
${bristleLines}
<path d="M604 237 L630 236 Q648 236 648 254 L648 346 Q648 364 630 364 L604 363 Q596 340 606 318 Q594 296 604 276 Q594 256 604 237 Z" fill="${c.terracotta}"/>
<path d="M648 300 Q664 300 664 318 Q664 330 656 330 Q648 330 648 318 Z" fill="${c.terracotta}"/>`,
    ),
  });
}

/** An angled sash brush: narrow bristles cut on a slant, a long slim handle. */
function angledSashBrush(): string {
  return scene({
    tint: '#D9E6DC',
    body: rotate(
      -28,
      `<path d="M120 300 Q120 282 140 282 L360 284 Q392 270 420 268 L420 332 Q392 330 360 316 L140 318 Q120 318 120 300 Z" fill="${c.teal}"/>
<path d="M140 288 L360 290 Q388 280 410 278 L410 290 Q388 292 362 300 L140 298 Q132 298 132 293 Q132 288 140 288 Z" fill="${c.tealLight}"/>
<circle cx="150" cy="300" r="8" fill="${c.tealDark}"/>
<rect x="416" y="262" width="74" height="76" rx="5" fill="${c.steel}"/>
<rect x="416" y="268" width="74" height="10" fill="${c.steelLight}"/>
<path d="M440 262 V338 M468 262 V338" stroke="${c.steelDark}" stroke-width="4"/>
<path d="M490 265 L588 264 Q598 264 606 272 L676 326 Q686 338 670 340 L490 335 Z" fill="${c.bristle}"/>
<path d="M496 280 L590 280 M496 296 L612 298 M496 312 L630 314 M496 326 L650 328" stroke="${c.bristleDark}" stroke-width="3" stroke-linecap="round"/>
<path d="M584 264 Q598 264 606 272 L676 326 Q686 338 670 340 L620 338 Q626 318 610 306 Q614 290 596 282 Q592 272 584 264 Z" fill="${c.navy}"/>`,
    ),
  });
}

/** A paint roller: fleece cover on a wire frame with a grip handle. */
function paintRoller(): string {
  const nap = Array.from({ length: 13 }, (_, i) => 248 + i * 22)
    .map(
      (x, i) =>
        `<path d="M${x} ${168 + (i % 3) * 6} V${224 + (i % 2) * 8}" stroke="${c.mustardDark}" stroke-width="4" stroke-linecap="round"/>`,
    )
    .join('');
  return scene({
    tint: '#DCE6EF',
    body: `<path d="M548 200 H590 Q604 200 604 214 V286 L452 372" fill="none" stroke="${c.steelDark}" stroke-width="14" stroke-linecap="round" stroke-linejoin="round"/>
<rect x="224" y="146" width="320" height="108" rx="26" fill="${c.mustard}"/>
<rect x="236" y="154" width="296" height="16" rx="8" fill="#EEC46E"/>
${nap}
<ellipse cx="546" cy="200" rx="14" ry="50" fill="${c.steel}"/>
<ellipse cx="546" cy="200" rx="6" ry="14" fill="${c.steelDark}"/>
<path d="M462 366 L306 472" stroke="${c.terracotta}" stroke-width="50" stroke-linecap="round"/>
<path d="M446 364 L318 452" stroke="#E07E58" stroke-width="10" stroke-linecap="round"/>
<path d="M452 372 L474 358" stroke="${c.steel}" stroke-width="40" stroke-linecap="butt"/>
<path d="M392 420 l-24 16 M368 436 l-24 16 M344 452 l-20 14" stroke="${c.terracottaDark}" stroke-width="4" stroke-linecap="round" opacity="0.6"/>
<circle cx="306" cy="472" r="8" fill="${c.terracottaDark}"/>`,
  });
}

/** A roller tray in three-quarter view: ribbed ramp, paint in the well. */
function rollerTray(): string {
  // Inner edges of the tray run from (212,236)-(588,236) at the back to (184,398)-(616,398) at the front.
  const edge = (t: number) => ({ y: 236 + t * 162, left: 212 - t * 28, right: 588 + t * 28 });
  const ribs = [0.1, 0.2, 0.3, 0.4, 0.5]
    .map((t) => {
      const e = edge(t);
      return `<path d="M${e.left + 14} ${e.y} H${e.right - 14}" stroke="${c.steelDark}" stroke-width="5" stroke-linecap="round"/>`;
    })
    .join('');
  const well = edge(0.6);
  return scene({
    tint: '#F5E7C2',
    shadow: 290,
    body: `<path d="M136 426 L664 426 L646 470 L154 470 Z" fill="${c.steelDark}"/>
<path d="M180 206 L620 206 L664 426 L136 426 Z" fill="${c.steel}"/>
<path d="M212 236 L588 236 L616 398 L184 398 Z" fill="${c.steelLight}"/>
${ribs}
<path d="M${well.left} ${well.y} Q400 ${well.y - 16} ${well.right} ${well.y} L616 398 L184 398 Z" fill="${c.teal}"/>
<path d="M${well.left + 30} ${well.y + 10} Q400 ${well.y - 4} ${well.right - 60} ${well.y + 8}" fill="none" stroke="${c.tealLight}" stroke-width="6" stroke-linecap="round"/>
<ellipse cx="300" cy="${well.y + 42}" rx="36" ry="8" fill="${c.tealLight}" opacity="0.7"/>`,
  });
}

/** A filling knife: a wide flexible blade with a riveted handle. */
function fillingKnife(): string {
  return scene({
    tint: '#E4DEF0',
    shadow: 200,
    body: rotate(
      22,
      `<path d="M318 96 Q318 84 330 84 L470 84 Q482 84 482 96 L444 300 L356 300 Z" fill="${c.steel}"/>
<path d="M330 84 L400 84 L400 300 L356 300 L318 96 Q318 84 330 84 Z" fill="${c.steelLight}"/>
<path d="M318 96 Q318 84 330 84 L470 84 Q482 84 482 96 L479 112 Q440 124 400 110 Q360 100 321 112 Z" fill="#FAF8F4"/>
<rect x="350" y="296" width="100" height="34" rx="6" fill="${c.steelDark}"/>
<path d="M358 330 L442 330 Q452 410 446 500 Q444 524 420 526 L380 526 Q356 524 354 500 Q348 410 358 330 Z" fill="${c.terracotta}"/>
<path d="M372 340 L388 340 Q384 420 386 512 L374 512 Q366 420 372 340 Z" fill="#E07E58"/>
<circle cx="400" cy="372" r="8" fill="${c.steelLight}"/>
<circle cx="400" cy="428" r="8" fill="${c.steelLight}"/>
<circle cx="400" cy="494" r="11" fill="${c.terracottaDark}"/>`,
    ),
  });
}

/** A roll of masking tape with a loose end. */
function maskingTape(): string {
  const cx = 372;
  const cy = 300;
  const r = 168;
  const v = { x: 40, y: -26 }; // depth of the roll
  const len = Math.hypot(v.x, v.y);
  const n = { x: -v.y / len, y: v.x / len };
  const pt = (x: number, y: number) => `${x.toFixed(1)} ${y.toFixed(1)}`;
  const side = `M${pt(cx + r * n.x, cy + r * n.y)} L${pt(cx + v.x + r * n.x, cy + v.y + r * n.y)} L${pt(cx + v.x - r * n.x, cy + v.y - r * n.y)} L${pt(cx - r * n.x, cy - r * n.y)} Z`;
  const rings = [110, 126, 142, 156]
    .map(
      (ring) => `<circle cx="${cx}" cy="${cy}" r="${ring}" fill="none" stroke="#E2CC8C" stroke-width="2"/>`,
    )
    .join('');
  return scene({
    tint: '#DCEBE6',
    shadow: 270,
    body: `<defs><clipPath id="hole"><circle cx="${cx}" cy="${cy}" r="78"/></clipPath></defs>
<path d="M${cx - 10} ${cy + r} L640 ${cy + r + 20} L650 ${cy + r + 8} L660 ${cy + r + 16} L670 ${cy + r + 4} L680 ${cy + r + 10} L650 ${cy + r - 16} L${cx + v.x} ${cy + r + v.y} Z" fill="#E9D69D"/>
<circle cx="${cx + v.x}" cy="${cy + v.y}" r="${r}" fill="#CDB06A"/>
<path d="${side}" fill="#CDB06A"/>
<circle cx="${cx}" cy="${cy}" r="${r}" fill="#EEDCA6"/>
${rings}
<circle cx="${cx}" cy="${cy}" r="96" fill="#C4935A"/>
<circle cx="${cx}" cy="${cy}" r="78" fill="#9C6F3E"/>
<g clip-path="url(#hole)"><circle cx="${cx + v.x}" cy="${cy + v.y}" r="78" fill="#DCEBE6"/></g>
<path d="M${cx - 150} ${cy - 40} A 156 156 0 0 1 ${cx - 60} ${cy - 142}" fill="none" stroke="#F8EDCB" stroke-width="10" stroke-linecap="round"/>`,
  });
}

/** A set of five artist brushes with different tips, held by a band. */
function artistBrushSet(): string {
  type Tip = 'round' | 'flat' | 'filbert' | 'liner' | 'fan';
  const brushes: { tip: Tip; handle: string; paint: string; ferrule: string }[] = [
    { tip: 'liner', handle: c.berry, paint: c.navy, ferrule: c.steel },
    { tip: 'round', handle: c.ink, paint: c.terracotta, ferrule: '#B98C3E' },
    { tip: 'filbert', handle: c.teal, paint: c.mustard, ferrule: c.steel },
    { tip: 'flat', handle: c.wood, paint: c.berry, ferrule: '#B98C3E' },
    { tip: 'fan', handle: c.mustard, paint: c.sage, ferrule: c.steel },
  ];
  const tipPath = (tip: Tip, x: number, top: number) => {
    switch (tip) {
      case 'liner':
        return `M${x - 6} ${top + 90} Q${x - 5} ${top + 30} ${x} ${top} Q${x + 5} ${top + 30} ${x + 6} ${top + 90} Z`;
      case 'round':
        return `M${x - 11} ${top + 90} Q${x - 14} ${top + 40} ${x} ${top + 8} Q${x + 14} ${top + 40} ${x + 11} ${top + 90} Z`;
      case 'filbert':
        return `M${x - 13} ${top + 90} L${x - 15} ${top + 34} Q${x} ${top + 4} ${x + 15} ${top + 34} L${x + 13} ${top + 90} Z`;
      case 'flat':
        return `M${x - 13} ${top + 90} L${x - 15} ${top + 20} L${x + 15} ${top + 20} L${x + 13} ${top + 90} Z`;
      case 'fan':
        return `M${x - 8} ${top + 90} L${x - 34} ${top + 26} Q${x} ${top + 6} ${x + 34} ${top + 26} L${x + 8} ${top + 90} Z`;
    }
  };
  const body = brushes
    .map((b, i) => {
      const x = 262 + i * 70;
      const top = 86 + (i % 2) * 26;
      const ferruleTop = top + 88;
      const handleTop = ferruleTop + 62;
      const end = 520 - (i % 2) * 14;
      const paintClip = `clip${i}`;
      return `<defs><clipPath id="${paintClip}"><path d="${tipPath(b.tip, x, top)}"/></clipPath></defs>
<path d="${tipPath(b.tip, x, top)}" fill="${c.bristle}"/>
<g clip-path="url(#${paintClip})"><rect x="${x - 40}" y="${top - 2}" width="80" height="42" fill="${b.paint}"/></g>
<path d="M${x - 12} ${ferruleTop} L${x + 12} ${ferruleTop} L${x + 13} ${handleTop} L${x - 13} ${handleTop} Z" fill="${b.ferrule}"/>
<path d="M${x - 12} ${ferruleTop + 44} H${x + 12}" stroke="${c.steelDark}" stroke-width="3"/>
<path d="M${x - 13} ${handleTop} L${x + 13} ${handleTop} Q${x + 16} ${handleTop + 70} ${x + 6} ${end - 6} Q${x} ${end + 4} ${x - 6} ${end - 6} Q${x - 16} ${handleTop + 70} ${x - 13} ${handleTop} Z" fill="${b.handle}"/>
<path d="M${x - 7} ${handleTop + 10} Q${x - 9} ${handleTop + 70} ${x - 4} ${end - 40}" fill="none" stroke="#FFFFFF" stroke-opacity="0.25" stroke-width="4" stroke-linecap="round"/>`;
    })
    .join('');
  return scene({
    tint: '#F3DCD3',
    body: rotate(
      -14,
      `${body}
<rect x="214" y="388" width="372" height="46" rx="10" fill="${c.cream}"/>
<rect x="214" y="400" width="372" height="8" fill="${c.terracotta}"/>`,
    ),
  });
}

/** A gravity-feed spray gun with a fine mist from the nozzle. */
function sprayGun(): string {
  const mist = [
    [150, 262, 9],
    [120, 290, 7],
    [156, 306, 6],
    [108, 246, 5],
    [128, 318, 5],
    [96, 276, 6],
    [170, 236, 4],
    [176, 330, 4],
    [140, 226, 3],
    [88, 304, 3],
  ]
    .map(([x, y, r]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="${c.terracotta}" opacity="0.55"/>`)
    .join('');
  return scene({
    tint: '#DCE6EF',
    shadow: 220,
    body: `<path d="M214 282 L120 236 L120 328 Z" fill="${c.terracotta}" opacity="0.14"/>
${mist}
<path d="M428 236 V208 H462 V236 Z" fill="${c.steelDark}"/>
<path d="M392 102 L498 102 L486 204 Q484 214 474 214 L416 214 Q406 214 404 204 Z" fill="#EEF1F3"/>
<path d="M398 150 L492 150 L486 204 Q484 214 474 214 L416 214 Q406 214 404 204 Z" fill="${c.terracotta}" opacity="0.85"/>
<path d="M404 110 L414 200" stroke="#FFFFFF" stroke-width="6" stroke-linecap="round" opacity="0.8"/>
<rect x="382" y="86" width="126" height="20" rx="8" fill="${c.steelDark}"/>
<rect x="432" y="72" width="26" height="16" rx="4" fill="${c.steelDark}"/>
<path d="M246 246 L560 240 Q588 240 588 268 L588 280 Q588 306 560 306 L246 300 Z" fill="${c.steel}"/>
<path d="M250 252 L556 248 Q574 248 576 260 L250 262 Z" fill="${c.steelLight}"/>
<rect x="212" y="256" width="40" height="38" rx="6" fill="${c.steelDark}"/>
<path d="M212 258 L194 248 L194 302 L212 292 Z" fill="${c.steelDark}"/>
<rect x="186" y="264" width="14" height="22" rx="3" fill="${c.ink}"/>
<rect x="588" y="252" width="28" height="14" rx="4" fill="${c.ink}"/>
<rect x="588" y="276" width="22" height="12" rx="4" fill="${c.ink}"/>
<path d="M474 300 L560 304 L598 470 Q600 488 582 490 L530 494 Q514 494 512 478 Z" fill="${c.teal}"/>
<path d="M528 318 L556 320 L582 452" fill="none" stroke="${c.tealLight}" stroke-width="8" stroke-linecap="round"/>
<rect x="528" y="490" width="48" height="30" rx="4" fill="${c.steelDark}"/>
<path d="M420 302 Q404 370 440 428 Q448 438 456 430 Q432 380 452 304 Z" fill="${c.ink}"/>`,
  });
}

/** A cage mixing paddle leaning on an open tin of paint. */
function paintMixer(): string {
  const tin = `<path d="M170 286 V478 Q170 506 290 506 Q410 506 410 478 V286 Z" fill="${c.steel}"/>
<path d="M184 296 V476 Q184 494 212 500" fill="none" stroke="${c.steelLight}" stroke-width="10" stroke-linecap="round"/>
<path d="M170 346 Q290 370 410 346 V434 Q290 458 170 434 Z" fill="${c.teal}"/>
<path d="M290 378 Q306 398 290 414 Q274 398 290 378 Z" fill="${c.cream}"/>
<ellipse cx="290" cy="286" rx="120" ry="30" fill="${c.steelDark}"/>
<ellipse cx="290" cy="288" rx="106" ry="22" fill="${c.terracotta}"/>
<path d="M226 290 Q262 272 300 286 Q336 300 356 284" fill="none" stroke="#E8825D" stroke-width="6" stroke-linecap="round"/>
<path d="M408 300 Q416 330 410 346 Q402 330 406 300 Z" fill="${c.terracotta}"/>`;
  const cage = `<path d="M470 372 Q462 436 478 500 M590 372 Q598 436 582 500 M476 376 Q566 420 490 496 M584 376 Q494 420 570 496" fill="none" stroke-width="10" stroke-linecap="round"/>
<ellipse cx="530" cy="372" rx="60" ry="15" fill="none" stroke-width="10"/>
<ellipse cx="530" cy="500" rx="52" ry="13" fill="none" stroke-width="10"/>
<path d="M530 360 V500" stroke-width="12"/>`;
  const paddle = rotate(
    12,
    `<defs><clipPath id="dipped"><rect x="440" y="452" width="180" height="80"/></clipPath></defs>
<rect x="522" y="56" width="16" height="310" rx="6" fill="${c.steelDark}"/>
<path d="M518 56 L542 56 L540 100 L520 100 Z" fill="${c.ink}"/>
<rect x="525" y="106" width="6" height="250" rx="3" fill="${c.steelLight}"/>
<g stroke="${c.steelDark}">${cage}</g>
<g stroke="${c.terracotta}" clip-path="url(#dipped)">${cage}</g>
<path d="M512 510 Q520 512 518 526 Q515 534 512 526 Z M556 506 Q563 508 561 520 Q558 527 555 520 Z" fill="${c.terracotta}"/>`,
    530,
    300,
  );
  return scene({ tint: '#F5E7C2', shadow: 260, body: `${tin}${paddle}` });
}

/** A two-section telescopic extension pole with a threaded tip. */
function extensionPole(): string {
  const threads = [0, 8, 16, 24, 32]
    .map((dx) => `<path d="M${702 + dx} 290 V310" stroke="${c.steelDark}" stroke-width="3"/>`)
    .join('');
  return scene({
    tint: '#E4DEF0',
    shadow: 280,
    body: rotate(
      -32,
      `<rect x="206" y="283" width="230" height="34" rx="6" fill="${c.teal}"/>
<rect x="206" y="289" width="230" height="7" fill="${c.tealLight}"/>
<rect x="446" y="288" width="222" height="24" rx="4" fill="${c.steel}"/>
<rect x="446" y="292" width="222" height="5" fill="${c.steelLight}"/>
<rect x="416" y="274" width="42" height="52" rx="8" fill="${c.mustard}"/>
<path d="M428 274 V326 M446 274 V326" stroke="${c.mustardDark}" stroke-width="3"/>
<rect x="96" y="278" width="126" height="44" rx="18" fill="${c.ink}"/>
<path d="M120 278 V322 M140 278 V322 M160 278 V322 M180 278 V322 M200 278 V322" stroke="#445259" stroke-width="5"/>
<circle cx="88" cy="300" r="14" fill="none" stroke="${c.ink}" stroke-width="6"/>
<path d="M664 284 L704 288 L704 312 L664 316 Z" fill="${c.ink}"/>
<rect x="700" y="290" width="42" height="20" rx="3" fill="${c.steel}"/>
${threads}`,
    ),
  });
}

export const illustrations: Record<string, () => string> = {
  'flat-wall-brush': flatWallBrush,
  'angled-sash-brush': angledSashBrush,
  'paint-roller': paintRoller,
  'roller-tray': rollerTray,
  'filling-knife': fillingKnife,
  'masking-tape': maskingTape,
  'artist-brush-set': artistBrushSet,
  'spray-gun': sprayGun,
  'paint-mixer': paintMixer,
  'extension-pole': extensionPole,
};

async function main() {
  const pngIndex = process.argv.indexOf('--png');
  const pngDir = pngIndex > 0 ? process.argv[pngIndex + 1] : undefined;
  mkdirSync(outDir, { recursive: true });
  if (pngDir) mkdirSync(pngDir, { recursive: true });

  const widest = IMAGE_WIDTHS.at(-1)!;
  for (const [slug, draw] of Object.entries(illustrations)) {
    const svg = Buffer.from(draw());
    for (const width of IMAGE_WIDTHS) {
      // Rasterised at the density that gives this width, so every width is sharp.
      const webp = await sharp(svg, { density: (72 * width) / WIDTH })
        .resize(width, Math.round((width * HEIGHT) / WIDTH))
        .webp({ quality: QUALITY, effort: 6, smartSubsample: true })
        .toBuffer();
      const name = width === widest ? `${slug}.webp` : `${slug}-${width}w.webp`;
      writeFileSync(path.join(outDir, name), webp);
      console.log(`${name}  ${(webp.length / 1024).toFixed(1)} KB`);
    }
    if (pngDir)
      await sharp(svg)
        .png()
        .toFile(path.join(pngDir, `${slug}.png`));
  }
}

await main();
