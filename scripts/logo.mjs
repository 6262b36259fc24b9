// Draws the brand's pictures from the letters of DejaVu Sans Bold, turned into outlines so that they look
// the same whatever fonts a phone has: public/logo.svg (the mark and the wordmark, the brand name of
// src/lib/company.ts with its last word in green), public/favicon.svg (the mark alone) and the app's icons
// under public/icons/ (PNG, through sharp, which Astro installs): the mark at 192 and 512 pixels for the web
// app manifest, and a full-bleed square at 512 (maskable: Android cuts it to its own shape) and at 180 (the
// iPhone's home screen). Run it again after changing the name (`node scripts/logo.mjs`, Node 24) and set
// company.logo's width to the one printed.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { create } from 'fontkitten';
import sharp from 'sharp';
import { optimize } from 'svgo';
import { company } from '../src/lib/company.ts';

const FONT = process.env.LOGO_FONT ?? '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';
const GREEN = '#0b6e4f';
const INK = '#1c2430';
const HEIGHT = 40;

const font = create(await readFile(FONT));

/** Rounds to one decimal and drops a trailing ".0", to keep the file small. */
const round = (value) => String(Math.round(value * 10) / 10);

/** The outline of `text` at `size` units, its baseline at (x, y), and the x where the next letter starts. */
function outline(text, size, x, y) {
  const scale = size / font.unitsPerEm;
  let pen = x;
  let d = '';
  for (const glyph of font.glyphsForString(text)) {
    for (const { command, args } of glyph.path.commands) {
      const points = [];
      for (let i = 0; i < args.length; i += 2) {
        points.push(`${round(pen + args[i] * scale)} ${round(y - args[i + 1] * scale)}`);
      }
      d += { moveTo: 'M', lineTo: 'L', quadraticCurveTo: 'Q', bezierCurveTo: 'C', closePath: 'Z' }[command];
      d += points.join(' ');
    }
    pen += glyph.advanceWidth * scale;
  }
  return { d, end: pen };
}

/** The width `text` takes at `size` units. */
function width(text, size) {
  return outline(text, size, 0, 0).end;
}

/** The mark's letters: the capital letters of the name's first word. */
const INITIALS = company.name.split(' ')[0].replace(/[^A-Z]/g, '');

/** The initials in white, `size` units high, centred in a square `side` units wide at the origin. */
function initials(side, size) {
  const letters = outline(INITIALS, size, (side - width(INITIALS, size)) / 2, side / 2 + size * 0.36);
  return `<path fill="#fff" d="${letters.d}"/>`;
}

/** The mark: a green rounded square with the initials in white, `side` units wide, at the origin. */
function mark(side) {
  return `<rect width="${side}" height="${side}" rx="${round(side * 0.22)}" fill="${GREEN}"/>${initials(side, side * 0.5)}`;
}

/**
 * The mark without its rounded corners, for launchers that cut an icon to their own shape: the initials stay
 * inside the middle 60%, within the circle of 80% that a maskable icon must keep clear.
 */
function fullBleedMark(side) {
  return `<rect width="${side}" height="${side}" fill="${GREEN}"/>${initials(side, side * 0.4)}`;
}

const WORD_SIZE = 23;
const BASELINE = 28.5;
const split = company.name.lastIndexOf(' ');
const first = outline(company.name.slice(0, split), WORD_SIZE, HEIGHT + 9, BASELINE);
const second = outline(company.name.slice(split + 1), WORD_SIZE, first.end + WORD_SIZE * 0.3, BASELINE);
const logoWidth = Math.ceil(second.end + 1);

const logo = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${logoWidth} ${HEIGHT}" width="${logoWidth}" height="${HEIGHT}">${mark(HEIGHT)}<path fill="${INK}" d="${first.d}"/><path fill="${GREEN}" d="${second.d}"/></svg>`;
const favicon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${mark(32)}</svg>`;

/** Writes a picture under public/, made smaller by svgo (shorter path data, same drawing). */
async function save(name, svg) {
  const { data } = optimize(svg, { multipass: true });
  await writeFile(new URL(`../public/${name}`, import.meta.url), `${data}\n`);
  console.log(`public/${name}: ${data.length + 1} bytes`);
}

/** Writes a square PNG icon under public/icons/, drawn at its own size so that the outlines stay sharp. */
async function saveIcon(name, side, draw) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" width="${side}" height="${side}">${draw(side)}</svg>`;
  const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toBuffer();
  await mkdir(new URL('../public/icons/', import.meta.url), { recursive: true });
  await writeFile(new URL(`../public/icons/${name}`, import.meta.url), png);
  console.log(`public/icons/${name}: ${png.length} bytes`);
}

console.log(`logo: ${logoWidth} x ${HEIGHT}`);
await save('logo.svg', logo);
await save('favicon.svg', favicon);
await saveIcon('icon-192.png', 192, mark);
await saveIcon('icon-512.png', 512, mark);
await saveIcon('icon-maskable-512.png', 512, fullBleedMark);
await saveIcon('apple-touch-icon.png', 180, fullBleedMark);
