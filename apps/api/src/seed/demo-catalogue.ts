/**
 * The demo catalogue that a fresh `npm start` shows: Brushworks' own tools, words and
 * pictures (seed-assets/tools/<slug>.webp, drawn by scripts/make-demo-images.ts).
 * Listed oldest first: the home page shows the first three, newest of them first.
 */

import type { ToolCategory } from '@shop/shared/categories';

export interface DemoTool {
  /** Picture: seed-assets/tools/<slug>.webp, served as /uploads/demo-<slug>.webp. */
  slug: string;
  /** The part number (docs/behaviour.md §3.14). */
  sku: string;
  name: string;
  description: string;
  availableQuantity: number;
  /** Minimum order quantity. */
  orderQuantity: number;
  /** Unit price in whole dollars. */
  perPartsPrice: number;
  category: ToolCategory;
  /** Trade pricing (docs/behaviour.md §3.7): sold in packs of this many (default 1). */
  packSize?: number;
  maxOrderQuantity?: number;
  /** Price breaks, unit prices in dollars. */
  priceBreaks?: { fromQuantity: number; unitPrice: number }[];
}

export interface DemoReview {
  name: string;
  rating: number;
  review: string;
  /** Shown under the name on the review card (the API's `address`). */
  title: string;
}

export const demoTools: readonly DemoTool[] = [
  {
    slug: 'flat-wall-brush',
    sku: 'BR-100',
    category: 'home',
    name: 'Flat Wall Brush 100 mm',
    description:
      'A broad workhorse for walls, fences and doors. Dense synthetic filaments hold plenty of paint and release it evenly, so long strokes stay smooth without streaks. The stainless ferrule will not rust, and the lacquered beech handle has a hanging hole for drying.',
    availableQuantity: 2400,
    orderQuantity: 24,
    perPartsPrice: 14,
    packSize: 12,
    priceBreaks: [
      { fromQuantity: 120, unitPrice: 12.6 },
      { fromQuantity: 480, unitPrice: 11.9 },
      { fromQuantity: 1200, unitPrice: 10.5 },
    ],
  },
  {
    slug: 'angled-sash-brush',
    sku: 'BR-50A',
    category: 'home',
    name: 'Angled Sash Brush 50 mm',
    description:
      'Cut in along ceilings, skirting and window frames with a slanted edge that keeps a crisp line. The long slim handle sits in the hand like a pencil, and the flagged tips lay paint down softly. Works with water-based and solvent-based paints alike.',
    availableQuantity: 3200,
    orderQuantity: 24,
    perPartsPrice: 9,
    packSize: 12,
    priceBreaks: [
      { fromQuantity: 240, unitPrice: 8.1 },
      { fromQuantity: 1200, unitPrice: 7.2 },
    ],
  },
  {
    slug: 'paint-roller',
    sku: 'RL-230',
    category: 'home',
    name: 'Paint Roller Kit 230 mm',
    description:
      'A sturdy five-wire frame with a quiet bearing and a soft-grip handle, fitted with a medium-pile woven cover that does not shed lint. Covers large walls quickly with an even texture. The handle is threaded for our extension poles.',
    availableQuantity: 1800,
    orderQuantity: 20,
    perPartsPrice: 18,
    packSize: 10,
    maxOrderQuantity: 1000,
    priceBreaks: [
      { fromQuantity: 100, unitPrice: 16.2 },
      { fromQuantity: 500, unitPrice: 14.4 },
    ],
  },
  {
    slug: 'roller-tray',
    sku: 'TR-230',
    category: 'home',
    name: 'Roller Tray 230 mm',
    description:
      'A deep-well tray in tough recyclable polypropylene. The ribbed ramp spreads paint across the whole roller cover and squeezes out the excess, so you get fewer drips and splashes. Rinses clean in a minute and stacks neatly for storage and transport.',
    availableQuantity: 4200,
    orderQuantity: 50,
    perPartsPrice: 6,
  },
  {
    slug: 'filling-knife',
    sku: 'KN-75',
    category: 'professional',
    name: 'Flexible Filling Knife 75 mm',
    description:
      'A thin, springy blade of hardened stainless steel that feathers filler flush with the wall and scrapes flaking paint without gouging the surface. The riveted full-tang handle is solid enough to tap in protruding nails and comfortable for a full day of preparation.',
    availableQuantity: 2600,
    orderQuantity: 30,
    perPartsPrice: 8,
  },
  {
    slug: 'masking-tape',
    sku: 'TP-36-50',
    category: 'home',
    name: 'Precision Masking Tape 36 mm x 50 m',
    description:
      'A thin crepe paper tape that follows curves and seals its edge against bleed, for sharp lines on walls, trim and glass. It holds firmly for up to fourteen days indoors and then peels away cleanly, leaving no residue and no lifted paint behind.',
    availableQuantity: 5000,
    orderQuantity: 100,
    perPartsPrice: 4,
    packSize: 50,
    priceBreaks: [
      { fromQuantity: 500, unitPrice: 3.6 },
      { fromQuantity: 2000, unitPrice: 3.2 },
    ],
  },
  {
    slug: 'artist-brush-set',
    sku: 'AR-5',
    category: 'student',
    name: 'Artist Brush Set, 5 pieces',
    description:
      'Liner, round, filbert, flat and fan brushes for acrylic, gouache and oil, each with a seamless ferrule and a balanced lacquered handle. Soft synthetic hair keeps a good point and snaps back into shape. Packed in a strap for classrooms and studios.',
    availableQuantity: 1200,
    orderQuantity: 20,
    perPartsPrice: 16,
  },
  {
    slug: 'spray-gun',
    sku: 'SG-14',
    category: 'professional',
    name: 'HVLP Gravity Spray Gun 1.4 mm',
    description:
      'A high-volume, low-pressure spray gun for cabinets, doors and furniture. The 600 ml cup feeds by gravity, the 1.4 mm nozzle atomises primers and lacquers into a fine even mist, and separate knobs set the fan width and the fluid flow. Strips down for cleaning without tools.',
    availableQuantity: 240,
    orderQuantity: 10,
    perPartsPrice: 129,
  },
  {
    slug: 'paint-mixer',
    sku: 'MX-120',
    category: 'professional',
    name: 'Cage Paint Mixer Paddle',
    description:
      'Blend paint, render and adhesives to a smooth, lump-free finish in seconds. The open steel cage pulls material up from the bottom of the tin without throwing it over the rim, and the hex shank fits any standard drill chuck. Made for tins and buckets from 5 to 20 litres.',
    availableQuantity: 900,
    orderQuantity: 12,
    perPartsPrice: 22,
  },
  {
    slug: 'extension-pole',
    sku: 'PL-1224',
    category: 'professional',
    name: 'Telescopic Extension Pole 1.2-2.4 m',
    description:
      'Reach ceilings and stairwells from the floor. The aluminium pole extends from 1.2 to 2.4 m and locks at any length with a twist of the collar. The standard threaded tip fits our roller frames, and the ribbed rubber grip stays steady in wet hands.',
    availableQuantity: 650,
    orderQuantity: 10,
    perPartsPrice: 27,
  },
];

/** Oldest first: the carousel reverses the list, so the last one here shows first. */
export const demoReviews: readonly DemoReview[] = [
  {
    name: 'Priya Natarajan',
    rating: 4,
    review:
      'Good rollers with a generous nap and no lint on the first coat. Delivery took a day longer than promised.',
    title: 'Customer review',
  },
  {
    name: 'Aiyana Brooks',
    rating: 4,
    review:
      'Our art school orders the five-piece brush sets every term. Students like the balanced handles, and the fan brush survives far more misuse than it should. A larger round in the set would be welcome.',
    title: 'Riverside School of Art',
  },
  {
    name: 'Jonas Weber',
    rating: 5,
    review: 'Bulk masking tape at a fair price that really does peel clean after three days on the wall.',
    title: 'Customer review',
  },
  {
    name: 'Tomás Okafor',
    rating: 5,
    review:
      'The spray gun lays down an even coat at low pressure and cleans up in ten minutes. Our cabinet shop moved its whole finishing line over after a single trial order.',
    title: 'Okafor Joinery',
  },
  {
    name: 'Maren Lindqvist',
    rating: 5,
    review:
      'We ordered two hundred sash brushes for our decorating crews and not one has shed a bristle on a finished wall. The cutting-in edge stays sharp after weeks of emulsion and washing.',
    title: 'Lindqvist Decorating',
  },
];
