/**
 * Draws the installable app's icons (shell/public/icons/*.png) from the brand mark: the favicon's play
 * mark on its rounded tile at 192 and 512 px, and a maskable 512 px icon whose mark keeps inside the
 * safe circle (the central 80 %) a launcher may crop to. Run after changing either SVG, then commit the PNGs:
 *
 *   npx tsx scripts/make-app-icons.ts
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const publicDir = path.join(__dirname, '..', 'shell', 'public');
const icons = path.join(publicDir, 'icons');

async function draw(svgFile: string, size: number, out: string) {
  const svg = readFileSync(svgFile);
  await sharp(svg, { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(icons, out));
}

async function main() {
  await draw(path.join(publicDir, 'favicon.svg'), 192, 'icon-192.png');
  await draw(path.join(publicDir, 'favicon.svg'), 512, 'icon-512.png');
  await draw(path.join(icons, 'icon-maskable.svg'), 512, 'icon-maskable-512.png');
}

void main();
