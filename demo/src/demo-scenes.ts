/**
 * Demo artwork as a designer would compose it: a setting (a night skyline, a moonlit forest, a castle
 * on a ridge, a lantern-lit market, hills with a lit house, a corridor of doors) under the series'
 * colours, two figures facing each other in silhouette with a rim of light, bokeh and a vignette.
 * There is no text in any picture: the interface sets the title and badges once.
 *
 * Everything is SVG rendered by sharp, seeded by the series slug, so a series always gets the same
 * picture and two series never get the same one. Portrait frames (posters, covers, the video scene)
 * put the figures in the middle; landscape frames (banners, slides) put them in the right third and
 * keep the left dark and calm for the title the interface lays over it.
 */
import sharp from 'sharp';
import type { DemoPalette, DemoSeriesScript } from './demo-script';

export type DemoSetting = 'skyline' | 'forest' | 'castle' | 'lanterns' | 'hills' | 'corridor';

/** The setting a series is drawn in, from its first category. */
export function settingOf(series: Pick<DemoSeriesScript, 'categorySlugs' | 'slug'>): DemoSetting {
  const byCategory: Record<string, DemoSetting> = {
    romance: 'skyline',
    ceo: 'skyline',
    revenge: 'corridor',
    thriller: 'corridor',
    fantasy: 'castle',
    supernatural: 'forest',
    comedy: 'lanterns',
    family: 'hills',
  };
  return byCategory[series.categorySlugs[0] ?? ''] ?? 'hills';
}

export interface SceneOptions {
  width: number;
  height: number;
  palette: DemoPalette;
  setting: DemoSetting;
  /** Seeds every random choice: the same seed draws the same picture. */
  seed: string;
  /** Whether the figures are drawn (the video scene keeps them; a credits backdrop may not). */
  figures?: boolean;
}

/** A small deterministic generator (mulberry32) seeded from a string. */
function random(seed: string): () => number {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function rgb(color: string): [number, number, number] {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color);
  if (!m) throw new Error(`expected a #rrggbb colour, got "${color}"`);
  return [Number.parseInt(m[1], 16), Number.parseInt(m[2], 16), Number.parseInt(m[3], 16)];
}

function mix(a: string, b: string, amount: number): string {
  const x = rgb(a);
  const y = rgb(b);
  return `#${x
    .map((v, i) =>
      Math.round(v + ((y[i] as number) - v) * amount)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

const r1 = (n: number) => Math.round(n * 10) / 10;

/**
 * A standing figure in silhouette, feet at (x, base), `h` tall, facing left or right. `coat` draws
 * a long coat and trousers, `dress` a fitted top and a flowing skirt, with hair to the shoulders.
 */
function figure(x: number, base: number, h: number, kind: 'coat' | 'dress', facing: 1 | -1, fill: string): string {
  const u = h / 100; // one unit is a hundredth of the height
  const f = (dx: number) => r1(x + dx * u * facing);
  const y = (dy: number) => r1(base - (100 - dy) * u);
  const head = `<ellipse cx="${f(1.5)}" cy="${y(7)}" rx="${r1(5.2 * u)}" ry="${r1(6.4 * u)}"/>`;
  if (kind === 'coat') {
    const body =
      `M${f(-2.5)},${y(12)} L${f(4)},${y(12)} ` + // neck
      `C${f(12)},${y(14)} ${f(14)},${y(17)} ${f(14)},${y(24)} ` + // shoulder
      `L${f(15)},${y(55)} L${f(11)},${y(58)} L${f(10)},${y(40)} ` + // arm
      `L${f(10.5)},${y(66)} L${f(7)},${y(99)} L${f(2.5)},${y(100)} L${f(1.5)},${y(68)} ` + // coat, leg
      `L${f(-1)},${y(100)} L${f(-5.5)},${y(100)} L${f(-6.5)},${y(66)} ` + // other leg
      `L${f(-8)},${y(40)} L${f(-9.5)},${y(57)} L${f(-13)},${y(55)} ` +
      `L${f(-12)},${y(24)} C${f(-12)},${y(17)} ${f(-10)},${y(14)} ${f(-2.5)},${y(12)} Z`;
    return `<g fill="${fill}">${head}<path d="${body}"/></g>`;
  }
  const hair =
    `<path d="M${f(-4.5)},${y(3)} C${f(-5)},${y(-1.5)} ${f(7)},${y(-1.5)} ${f(6.5)},${y(4)} ` +
    `L${f(7)},${y(17)} L${f(-6.5)},${y(18)} Z"/>`;
  const body =
    `M${f(-2)},${y(12)} L${f(3.5)},${y(12)} C${f(10)},${y(14)} ${f(11)},${y(17)} ${f(11)},${y(22)} ` +
    `L${f(12)},${y(48)} L${f(9)},${y(50)} L${f(7.5)},${y(30)} L${f(6)},${y(42)} ` + // arm, waist
    `C${f(12)},${y(60)} ${f(18)},${y(85)} ${f(21)},${y(100)} ` + // skirt
    `L${f(-19)},${y(100)} C${f(-15)},${y(85)} ${f(-10)},${y(60)} ${f(-5)},${y(42)} ` +
    `L${f(-6.5)},${y(30)} L${f(-8)},${y(50)} L${f(-11)},${y(48)} L${f(-10)},${y(22)} ` +
    `C${f(-10)},${y(17)} ${f(-8)},${y(14)} ${f(-2)},${y(12)} Z`;
  return `<g fill="${fill}">${head}${hair}<path d="${body}"/></g>`;
}

/** What a setting's layer is drawn with; each layer appends its shapes to `parts`. */
interface Layer {
  w: number;
  h: number;
  horizon: number;
  dark: string;
  mid: string;
  glow: string;
  rnd: () => number;
  parts: string[];
}

function skylineLayer({ w, h, horizon, dark, mid, glow, rnd, parts }: Layer): void {
  // Two rows of towers, the far row paler; lit windows in the near row.
  for (const [row, color, scale] of [
    [0, mid, 0.75],
    [1, dark, 1],
  ] as const) {
    let x = -w * 0.02;
    while (x < w) {
      const bw = w * (0.05 + rnd() * 0.07) * scale;
      const bh = h * (0.12 + rnd() * 0.3) * scale;
      const top = horizon - bh + (row === 0 ? -h * 0.04 : 0);
      parts.push(`<rect x="${r1(x)}" y="${r1(top)}" width="${r1(bw)}" height="${r1(h - top)}" fill="${color}"/>`);
      if (row === 1) {
        const cols = Math.max(2, Math.floor(bw / (w * 0.014)));
        for (let c = 0; c < cols; c++) {
          for (let yy = top + h * 0.015; yy < horizon; yy += h * 0.022) {
            if (rnd() < 0.22) {
              parts.push(
                `<rect x="${r1(x + (c + 0.3) * (bw / cols))}" y="${r1(yy)}" width="${r1((bw / cols) * 0.4)}" height="${r1(h * 0.008)}" fill="${glow}" opacity="${r1(0.35 + rnd() * 0.5)}"/>`,
              );
            }
          }
        }
      }
      x += bw + w * 0.004;
    }
  }
}

function forestLayer({ w, h, horizon, dark, mid, rnd, parts }: Layer): void {
  for (const [color, size, count] of [
    [mid, 0.16, 14],
    [dark, 0.26, 10],
  ] as const) {
    for (let i = 0; i < count; i++) {
      const cx = (i / (count - 1)) * w * 1.1 - w * 0.05 + (rnd() - 0.5) * w * 0.05;
      const th = h * size * (0.7 + rnd() * 0.6);
      const tw = th * 0.38;
      const base = horizon + h * 0.03 * rnd();
      parts.push(
        `<path d="M${r1(cx)},${r1(base - th)} L${r1(cx + tw / 2)},${r1(base)} L${r1(cx - tw / 2)},${r1(base)} Z" fill="${color}"/>`,
      );
    }
  }
}

function castleLayer({ w, h, horizon, dark, mid, glow, rnd, parts }: Layer): void {
  // A ridge, and a castle with towers on it.
  const ridge = `M0,${r1(horizon)} C${r1(w * 0.25)},${r1(horizon - h * 0.12)} ${r1(w * 0.45)},${r1(horizon - h * 0.02)} ${r1(w * 0.6)},${r1(horizon - h * 0.1)} S${r1(w * 0.9)},${r1(horizon - h * 0.04)} ${w},${r1(horizon - h * 0.08)} L${w},${h} L0,${h} Z`;
  parts.push(`<path d="${ridge}" fill="${mid}"/>`);
  const cx = w * (0.22 + rnd() * 0.1);
  const unit = Math.min(w, h) * 0.05;
  const base = horizon - h * 0.06;
  for (const [dx, tw, th] of [
    [-2.2, 1, 4.5],
    [-1, 2, 3],
    [1.2, 1, 5.5],
    [2.4, 0.9, 3.6],
  ] as const) {
    const x = cx + dx * unit;
    parts.push(
      `<rect x="${r1(x)}" y="${r1(base - th * unit)}" width="${r1(tw * unit)}" height="${r1(th * unit + h * 0.05)}" fill="${dark}"/>`,
      `<path d="M${r1(x - unit * 0.15)},${r1(base - th * unit)} L${r1(x + (tw * unit) / 2)},${r1(base - (th + 1.2) * unit)} L${r1(x + tw * unit + unit * 0.15)},${r1(base - th * unit)} Z" fill="${dark}"/>`,
      `<rect x="${r1(x + tw * unit * 0.35)}" y="${r1(base - th * unit * 0.7)}" width="${r1(tw * unit * 0.3)}" height="${r1(unit * 0.5)}" fill="${glow}" opacity="0.8"/>`,
    );
  }
}

function lanternsLayer({ w, h, horizon, dark, glow, rnd, parts }: Layer): void {
  // Strings of lanterns swinging across, stalls below.
  for (let s = 0; s < 3; s++) {
    const y0 = h * (0.12 + s * 0.12);
    const sag = h * 0.06;
    parts.push(
      `<path d="M0,${r1(y0)} Q${r1(w / 2)},${r1(y0 + sag * 2)} ${w},${r1(y0)}" stroke="${dark}" stroke-width="${r1(h * 0.003)}" fill="none"/>`,
    );
    const n = 7 + s * 2;
    for (let i = 1; i < n; i++) {
      const t = i / n;
      const x = t * w;
      const y = y0 + sag * 2 * 2 * t * (1 - t) * 1 + h * 0.01;
      const rr = Math.min(w, h) * (0.018 - s * 0.003);
      parts.push(
        `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(rr * 2.6)}" fill="${glow}" opacity="0.18"/>`,
        `<ellipse cx="${r1(x)}" cy="${r1(y)}" rx="${r1(rr)}" ry="${r1(rr * 1.3)}" fill="${mix(glow, '#ffffff', 0.25)}" opacity="${r1(0.7 + rnd() * 0.3)}"/>`,
      );
    }
  }
  let x = 0;
  while (x < w) {
    const sw = w * (0.12 + rnd() * 0.1);
    const top = horizon - h * (0.05 + rnd() * 0.06);
    parts.push(
      `<path d="M${r1(x)},${r1(top + h * 0.03)} L${r1(x + sw / 2)},${r1(top)} L${r1(x + sw)},${r1(top + h * 0.03)} L${r1(x + sw)},${h} L${r1(x)},${h} Z" fill="${dark}"/>`,
    );
    x += sw + w * 0.01;
  }
}

function hillsLayer({ w, h, horizon, dark, mid, glow, rnd, parts }: Layer): void {
  parts.push(
    `<path d="M0,${r1(horizon - h * 0.05)} C${r1(w * 0.3)},${r1(horizon - h * 0.14)} ${r1(w * 0.6)},${r1(horizon + h * 0.02)} ${w},${r1(horizon - h * 0.09)} L${w},${h} L0,${h} Z" fill="${mid}"/>`,
  );
  const hx = w * (0.12 + rnd() * 0.12);
  const unit = Math.min(w, h) * 0.06;
  const base = horizon - h * 0.045;
  parts.push(
    `<path d="M${r1(hx)},${r1(base - unit * 1.6)} L${r1(hx + unit * 1.4)},${r1(base - unit * 2.7)} L${r1(hx + unit * 2.8)},${r1(base - unit * 1.6)} L${r1(hx + unit * 2.6)},${r1(base)} L${r1(hx + unit * 0.2)},${r1(base)} Z" fill="${dark}"/>`,
    `<rect x="${r1(hx + unit * 0.6)}" y="${r1(base - unit * 1.2)}" width="${r1(unit * 0.5)}" height="${r1(unit * 0.45)}" fill="${glow}" opacity="0.9"/>`,
    `<rect x="${r1(hx + unit * 1.7)}" y="${r1(base - unit * 1.2)}" width="${r1(unit * 0.5)}" height="${r1(unit * 0.45)}" fill="${glow}" opacity="0.75"/>`,
    `<path d="M0,${r1(horizon + h * 0.02)} C${r1(w * 0.4)},${r1(horizon - h * 0.04)} ${r1(w * 0.7)},${r1(horizon + h * 0.06)} ${w},${r1(horizon)} L${w},${h} L0,${h} Z" fill="${dark}"/>`,
  );
}

function corridorLayer({ w, h, horizon, dark, mid, glow, parts }: Layer): void {
  // One-point perspective: walls converging on a lit doorway.
  const vx = w * 0.5;
  const vy = horizon - h * 0.2;
  const dw = Math.min(w, h) * 0.09;
  parts.push(
    `<rect x="0" y="0" width="${w}" height="${h}" fill="${dark}" opacity="0.55"/>`,
    `<path d="M0,0 L${r1(vx - dw)},${r1(vy - dw * 1.6)} L${r1(vx - dw)},${r1(vy + dw * 1.6)} L0,${h} Z" fill="${mid}"/>`,
    `<path d="M${w},0 L${r1(vx + dw)},${r1(vy - dw * 1.6)} L${r1(vx + dw)},${r1(vy + dw * 1.6)} L${w},${h} Z" fill="${mid}"/>`,
    `<rect x="${r1(vx - dw * 0.7)}" y="${r1(vy - dw * 1.4)}" width="${r1(dw * 1.4)}" height="${r1(dw * 3)}" fill="${mix(glow, '#ffffff', 0.35)}" opacity="0.9"/>`,
  );
  for (let i = 1; i <= 4; i++) {
    const t = i / 5;
    for (const side of [-1, 1]) {
      const x = vx + side * (dw + (w / 2 - dw) * (1 - t) * 0.95);
      const dh = dw * 1.6 + (h * 0.45 - dw * 1.6) * (1 - t);
      parts.push(
        `<rect x="${r1(x - (side > 0 ? 0 : dh * 0.25))}" y="${r1(vy - dh * 0.4)}" width="${r1(dh * 0.25)}" height="${r1(dh)}" fill="${dark}" opacity="0.8"/>`,
      );
    }
  }
}

const LAYERS: Readonly<Record<DemoSetting, (layer: Layer) => void>> = {
  skyline: skylineLayer,
  forest: forestLayer,
  castle: castleLayer,
  lanterns: lanternsLayer,
  hills: hillsLayer,
  corridor: corridorLayer,
};

function settingLayer(
  setting: DemoSetting,
  w: number,
  h: number,
  horizon: number,
  palette: DemoPalette,
  rnd: () => number,
): string {
  const dark = mix(palette.from, '#000000', 0.72);
  const mid = mix(palette.from, '#000000', 0.5);
  const parts: string[] = [];
  LAYERS[setting]({ w, h, horizon, dark, mid, glow: palette.accent, rnd, parts });
  return parts.join('');
}

/** The scene as SVG markup. Exported for tests, which check that it carries no text. */
export function sceneSvg({ width: w, height: h, palette, setting, seed, figures = true }: SceneOptions): string {
  const rnd = random(`${seed}:${setting}`);
  const portrait = h >= w;
  const horizon = h * (portrait ? 0.66 : 0.72);
  const short = Math.min(w, h);
  const sky0 = mix(palette.from, '#000000', 0.35);
  const sky1 = mix(palette.to, palette.accent, 0.25);
  const light = { x: w * (portrait ? 0.5 + (rnd() - 0.5) * 0.3 : 0.72), y: h * (portrait ? 0.24 : 0.3) };
  const moonR = short * (portrait ? 0.13 : 0.16);
  const figureFill = mix(palette.from, '#000000', 0.85);

  const defs = `<defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${sky0}"/><stop offset="0.7" stop-color="${sky1}"/><stop offset="1" stop-color="${mix(sky1, '#000000', 0.4)}"/>
    </linearGradient>
    <radialGradient id="halo" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="${mix(palette.accent, '#ffffff', 0.55)}" stop-opacity="0.95"/>
      <stop offset="0.25" stop-color="${palette.accent}" stop-opacity="0.55"/>
      <stop offset="1" stop-color="${palette.accent}" stop-opacity="0"/>
    </radialGradient>
    <radialGradient id="vignette" cx="0.5" cy="0.45" r="0.75">
      <stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.75"/>
    </radialGradient>
    <linearGradient id="floor" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.85"/>
    </linearGradient>
    <linearGradient id="side" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#000" stop-opacity="0.7"/><stop offset="0.55" stop-color="#000" stop-opacity="0"/>
    </linearGradient>
    <radialGradient id="bokehA" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0.6" stop-color="${palette.accent}"/><stop offset="1" stop-color="${palette.accent}" stop-opacity="0"/>
    </radialGradient>
    <radialGradient id="bokehW" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0.6" stop-color="#ffffff"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/>
    </radialGradient>
  </defs>`;

  const layers: string[] = [`<rect width="${w}" height="${h}" fill="url(#sky)"/>`];
  // Stars and the moon, outdoors only.
  const outdoors = setting !== 'corridor';
  for (let i = 0; i < (outdoors ? 60 : 0); i++) {
    layers.push(
      `<circle cx="${r1(rnd() * w)}" cy="${r1(rnd() * horizon * 0.7)}" r="${r1(short * (0.0015 + rnd() * 0.002))}" fill="#fff" opacity="${r1(0.2 + rnd() * 0.5)}"/>`,
    );
  }
  // The light: a moon with a halo outdoors, a glow at the end of the corridor indoors.
  layers.push(`<circle cx="${r1(light.x)}" cy="${r1(light.y)}" r="${r1(moonR * 3.2)}" fill="url(#halo)"/>`);
  if (outdoors) {
    layers.push(
      `<circle cx="${r1(light.x)}" cy="${r1(light.y)}" r="${r1(moonR)}" fill="${mix(palette.accent, '#ffffff', 0.75)}" opacity="0.92"/>`,
    );
  }
  layers.push(settingLayer(setting, w, h, horizon, palette, rnd));
  // Bokeh in front of the setting.
  const bokeh: string[] = [];
  for (let i = 0; i < 22; i++) {
    bokeh.push(
      `<circle cx="${r1(rnd() * w)}" cy="${r1(h * (0.3 + rnd() * 0.6))}" r="${r1(short * (0.01 + rnd() * 0.035))}" fill="url(#${i % 3 ? 'bokehA' : 'bokehW'})" opacity="${r1(0.1 + rnd() * 0.2)}"/>`,
    );
  }
  layers.push(bokeh.join(''));
  layers.push(
    `<rect y="${r1(horizon - h * 0.1)}" width="${w}" height="${r1(h - horizon + h * 0.1)}" fill="url(#floor)"/>`,
  );

  if (figures) {
    // Two figures facing each other, a hand's width apart, lit from behind.
    const fh = portrait ? h * 0.5 : h * 0.78;
    const base = portrait ? h * 0.98 : h * 1.02;
    const cx = portrait ? w * 0.5 : w * 0.7;
    // Close (a couple), or apart (a standoff): the distance tells the genre at a glance.
    const apart = setting === 'corridor' || setting === 'castle';
    const gap = fh * (apart ? 0.2 + rnd() * 0.1 : 0.1 + rnd() * 0.05);
    const lead = rnd() < 0.5 ? 'coat' : 'dress';
    const other = lead === 'coat' ? 'dress' : 'coat';
    const rim = mix(palette.accent, '#ffffff', 0.3);
    const pair = (fill: string, dx: number) =>
      figure(cx - gap + dx, base, fh * (lead === 'coat' ? 1.04 : 0.96), lead, 1, fill) +
      figure(cx + gap + dx, base, fh * (other === 'coat' ? 1.04 : 0.96), other, -1, fill);
    // The rim light: the same pair drawn a touch wider in the light's colour, under the silhouettes.
    layers.push(
      `<g opacity="0.6" stroke="${rim}" stroke-width="${r1(short * 0.006)}" stroke-linejoin="round">${pair(rim, -short * 0.002)}</g>`,
      pair(figureFill, 0),
    );
  }
  layers.push(`<rect width="${w}" height="${h}" fill="url(#vignette)"/>`);
  if (!portrait) layers.push(`<rect width="${w}" height="${h}" fill="url(#side)"/>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${defs}${layers.join('')}</svg>`;
}

/** Renders a scene to a file; the format follows the extension (.webp, .png or .jpg). */
export async function renderScene(options: SceneOptions & { output: string }): Promise<void> {
  const image = sharp(Buffer.from(sceneSvg(options)));
  const ext = options.output.split('.').pop()?.toLowerCase();
  const encoded =
    ext === 'png'
      ? image.png({ compressionLevel: 3 })
      : ext === 'jpg' || ext === 'jpeg'
        ? image.jpeg({ quality: 85, mozjpeg: true })
        : image.webp({ quality: 82, effort: 2 });
  await encoded.toFile(options.output);
}
