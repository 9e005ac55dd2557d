import sharp from 'sharp';
import { fitLines, QUALITY_PRESETS, toWebp, wrapWords } from '../../../src/domains/media/images';

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
    const result = await toWebp(await photo(4000, 3000), { preset: 'medium' });
    expect(result).toMatchObject({ width: 1440, height: 1080, format: 'webp' });
    expect(await sharp(result.data).metadata()).toMatchObject({ format: 'webp', width: 1440, height: 1080 });
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
