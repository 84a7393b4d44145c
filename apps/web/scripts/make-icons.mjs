// Draws the installed app's icons (apps/web/public/icons/) from the portal's mark, the one
// BrandMark shows (src/components/brand-mark.tsx): Tabler's "tool" in white on Mantine's
// indigo.7 → cyan.5 gradient at 135°. Run again only when the mark changes, and commit the PNGs:
//   node apps/web/scripts/make-icons.mjs
// sharp is the server's dependency (hoisted to the root node_modules); the web build never runs this.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const OUT = fileURLToPath(new URL('../public/icons/', import.meta.url));
const FROM = '#4263eb'; // indigo.7
const TO = '#22b8cf'; // cyan.5
// @tabler/icons-react IconTool (24×24 outline, drawn with a 1.8 stroke in BrandMark).
const TOOL = 'M7 10h3v-3l-3.5 -3.5a6 6 0 0 1 8 8l6 6a2 2 0 0 1 -3 3l-6 -6a6 6 0 0 1 -8 -8l3.5 3.5';

/**
 * `glyph` is the tool's share of the side; `radius` the corners' share (0 for a full square).
 * A maskable icon fills its square and keeps the tool inside the central safe circle (80 %),
 * since the launcher cuts it to its own shape.
 */
function svg(size, { glyph, radius }) {
  const g = size * glyph;
  const offset = (size - g) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <defs><linearGradient id="b" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${FROM}"/><stop offset="1" stop-color="${TO}"/></linearGradient></defs>
  <rect width="${size}" height="${size}" rx="${size * radius}" fill="url(#b)"/>
  <g transform="translate(${offset} ${offset}) scale(${g / 24})" fill="none" stroke="#fff" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round"><path d="${TOOL}"/></g>
</svg>`;
}

const ICONS = [
  // BrandMark: the tool is 58 % of the mark, the corners Mantine's radius md (8 px on 34 px).
  { file: 'icon-192.png', size: 192, glyph: 0.58, radius: 0.235 },
  { file: 'icon-512.png', size: 512, glyph: 0.58, radius: 0.235 },
  { file: 'icon-maskable-512.png', size: 512, glyph: 0.46, radius: 0 },
  // iOS ignores the manifest's icons and rounds the corners itself.
  { file: 'apple-touch-icon.png', size: 180, glyph: 0.5, radius: 0 },
];

mkdirSync(OUT, { recursive: true });
for (const { file, size, ...shape } of ICONS) {
  await sharp(Buffer.from(svg(size, shape))).png({ compressionLevel: 9, palette: false }).toFile(`${OUT}${file}`);
  console.log(`${OUT}${file}`);
}
