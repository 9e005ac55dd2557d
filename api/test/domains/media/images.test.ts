import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import {
  fitLines,
  QUALITY_PRESETS,
  renderTitleCard,
  titleCardSvg,
  toWebp,
  wrapWords,
} from '../../../src/domains/media/images';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'images-test-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A camera-like JPEG: EXIF (with orientation), an ICC profile and XMP. */
function photo(width: number, height: number, orientation = 1): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#8040c0' } })
    .withMetadata({ orientation, exif: { IFD0: { Make: 'TestCam', Copyright: 'someone' } } })
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>',
    )
    .jpeg()
    .toBuffer();
}

describe('QUALITY_PRESETS', () => {
  it('are the image qualities the product sets', () => {
    expect(QUALITY_PRESETS).toEqual({ thumbnail: 30, low: 50, medium: 70, high: 85, original: 100 });
  });
});

describe('toWebp', () => {
  it('writes webp no larger than 1920×1080, keeping the aspect ratio', async () => {
    const output = join(dir, 'landscape.webp');
    const result = await toWebp(await photo(4000, 3000), { preset: 'medium', output });
    expect(result).toMatchObject({ width: 1440, height: 1080, format: 'webp' });
    expect(await sharp(await readFile(output)).metadata()).toMatchObject({ format: 'webp', width: 1440, height: 1080 });
  });

  it('fits tall images by height', async () => {
    const result = await toWebp(await photo(1500, 3000));
    expect(result).toMatchObject({ width: 540, height: 1080 });
  });

  it('never enlarges a small image', async () => {
    const result = await toWebp(await photo(300, 200), { preset: 'thumbnail' });
    expect(result).toMatchObject({ width: 300, height: 200 });
  });

  it('strips EXIF, ICC and XMP after applying the orientation', async () => {
    // Orientation 6 means "rotate 90° clockwise to display": the stored 400×200 shows as 200×400.
    const source = await photo(400, 200, 6);
    expect((await sharp(source).metadata()).exif).toBeDefined();
    const { data } = await toWebp(source);
    const meta = await sharp(data).metadata();
    expect(meta).toMatchObject({ width: 200, height: 400 });
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
  });

  it('uses a lower quality for a lower preset', async () => {
    const noisy = await sharp(Buffer.from(Array.from({ length: 300 * 300 * 3 }, (_, i) => (i * 7919) % 256)), {
      raw: { width: 300, height: 300, channels: 3 },
    })
      .png()
      .toBuffer();
    const low = await toWebp(noisy, { preset: 'low' });
    const high = await toWebp(noisy, { preset: 'high' });
    expect(low.data.length).toBeLessThan(high.data.length);
  });
});

describe('renderTitleCard', () => {
  const colors = { from: '#3a0b2e', to: '#0b1a3a', accent: '#ff4f8b' };

  it('draws a poster and a banner at the requested sizes, in the format of the file name', async () => {
    const poster = await renderTitleCard({
      width: 720,
      height: 1080,
      title: 'Midnight Vows',
      subtitle: 'A contract bride.',
      kicker: 'Romance',
      badge: 'Gold',
      colors,
      output: join(dir, 'poster.jpg'),
    });
    expect(poster).toMatchObject({ width: 720, height: 1080, format: 'jpeg' });
    expect(await sharp(join(dir, 'poster.jpg')).metadata()).toMatchObject({ format: 'jpeg', width: 720, height: 1080 });

    const banner = await renderTitleCard({
      width: 1280,
      height: 720,
      title: 'Midnight Vows',
      colors,
      output: join(dir, 'banner.webp'),
    });
    expect(banner).toMatchObject({ width: 1280, height: 720, format: 'webp' });
  });

  it('puts visible text on the card', async () => {
    const plain = await renderTitleCard({ width: 400, height: 600, title: ' ', colors, format: 'webp' });
    const titled = await renderTitleCard({
      width: 400,
      height: 600,
      title: 'The Heiress Returns',
      colors,
      format: 'webp',
    });
    // Near-white pixels in the lower half, where a portrait card puts its title.
    const whitePixels = async (data: Buffer) => {
      const { data: pixels, info } = await sharp(data)
        .extract({ left: 0, top: 300, width: 400, height: 300 })
        .raw()
        .toBuffer({ resolveWithObject: true });
      let count = 0;
      for (let i = 0; i < pixels.length; i += info.channels) {
        if (pixels[i] > 230 && pixels[i + 1] > 230 && pixels[i + 2] > 230) count++;
      }
      return count;
    };
    expect(await whitePixels(plain.data)).toBe(0);
    expect(await whitePixels(titled.data)).toBeGreaterThan(500);
  });

  it('escapes markup in titles', async () => {
    const svg = titleCardSvg({ width: 400, height: 600, title: 'Love & <War> "Again"', subtitle: "It's on", colors });
    for (const escaped of ['Love &amp;', '&lt;War&gt;', '&quot;Again&quot;', 'It&apos;s on'])
      expect(svg).toContain(escaped);
    expect(svg).not.toContain('<War>');
    await expect(renderTitleCard({ width: 400, height: 600, title: 'Love & <War>', colors })).resolves.toMatchObject({
      width: 400,
    });
  });
});

describe('line fitting', () => {
  it('wraps on word boundaries', () => {
    expect(wrapWords('The Heiress Returns Home Tonight', 12)).toEqual(['The Heiress', 'Returns Home', 'Tonight']);
  });

  it('shrinks the font until the text fits the line limit', () => {
    const long = fitLines('My Fake Fiancé Is a Prince of a Very Small Country', 600, 90, 0.64, 3);
    expect(long.lines.length).toBeLessThanOrEqual(3);
    for (const line of long.lines) expect(line.length * long.size * 0.64).toBeLessThanOrEqual(600);
    expect(fitLines('Short', 600, 90, 0.64, 3)).toEqual({ size: 90, lines: ['Short'] });
  });
});
