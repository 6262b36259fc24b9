// Draws public/og-image.png (1200 x 630), the picture that link previews show for every page.
// Run it again after changing the text: `node scripts/og-image.mjs` (Node 24). It uses sharp, which Astro
// installs, and the brand name of src/lib/company.ts, its last word in amber.
import { writeFile } from 'node:fs/promises';
import sharp from 'sharp';
import { company } from '../src/lib/company.ts';

const split = company.name.lastIndexOf(' ');
const initials = company.name.split(' ')[0].replace(/[^A-Z]/g, '');

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#0b6e4f"/>
      <stop offset="1" stop-color="#08543c"/>
    </linearGradient>
  </defs>
  <rect width="1200" height="630" fill="url(#bg)"/>
  <circle cx="1040" cy="120" r="220" fill="#ffffff" opacity="0.06"/>
  <circle cx="1120" cy="560" r="160" fill="#f2a900" opacity="0.18"/>
  <rect x="80" y="80" width="72" height="72" rx="16" fill="#ffffff"/>
  <text x="116" y="130" font-family="DejaVu Sans, sans-serif" font-size="34" font-weight="700" fill="#0b6e4f" text-anchor="middle">${initials}</text>
  <text x="172" y="130" font-family="DejaVu Sans, sans-serif" font-size="40" font-weight="700" fill="#ffffff">${company.name.slice(0, split)} <tspan fill="#f2a900">${company.name.slice(split + 1)}</tspan></text>
  <text x="80" y="290" font-family="DejaVu Sans, sans-serif" font-size="66" font-weight="700" fill="#ffffff">Pass your Exams in Style !</text>
  <text x="80" y="370" font-family="DejaVu Sans, sans-serif" font-size="38" fill="#d7efe4">Proper Preparation · Excellent Results</text>
  <text x="80" y="500" font-family="DejaVu Sans, sans-serif" font-size="30" fill="#ffffff">10,000+ past questions · 30 subjects · 40+ years</text>
  <text x="80" y="550" font-family="DejaVu Sans, sans-serif" font-size="26" fill="#d7efe4">COMMON ENTRANCE · BECE · NECO · WAEC · GCE · JAMB · IELTS</text>
</svg>`;

const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toBuffer();
await writeFile(new URL('../public/og-image.png', import.meta.url), png);
console.log(`public/og-image.png: ${png.length} bytes`);
