/**
 * Draws a placeholder portrait for a demo council member as a PNG (no image files shipped): a soft background in
 * the party's colour, a head-and-shoulders silhouette and the initials on the chest, in a small built-in 5×7 font.
 */
import { encodePng, hex, type RGB } from './png.ts';

/** 5×7 capitals, one string of 5 columns per row. */
const FONT: Record<string, string[]> = {
  A: ['.###.', '#...#', '#...#', '#####', '#...#', '#...#', '#...#'],
  B: ['####.', '#...#', '#...#', '####.', '#...#', '#...#', '####.'],
  C: ['.###.', '#...#', '#....', '#....', '#....', '#...#', '.###.'],
  D: ['####.', '#...#', '#...#', '#...#', '#...#', '#...#', '####.'],
  E: ['#####', '#....', '#....', '####.', '#....', '#....', '#####'],
  F: ['#####', '#....', '#....', '####.', '#....', '#....', '#....'],
  G: ['.###.', '#...#', '#....', '#.###', '#...#', '#...#', '.####'],
  H: ['#...#', '#...#', '#...#', '#####', '#...#', '#...#', '#...#'],
  I: ['.###.', '..#..', '..#..', '..#..', '..#..', '..#..', '.###.'],
  J: ['..###', '...#.', '...#.', '...#.', '...#.', '#..#.', '.##..'],
  K: ['#...#', '#..#.', '#.#..', '##...', '#.#..', '#..#.', '#...#'],
  L: ['#....', '#....', '#....', '#....', '#....', '#....', '#####'],
  M: ['#...#', '##.##', '#.#.#', '#.#.#', '#...#', '#...#', '#...#'],
  N: ['#...#', '##..#', '#.#.#', '#..##', '#...#', '#...#', '#...#'],
  O: ['.###.', '#...#', '#...#', '#...#', '#...#', '#...#', '.###.'],
  P: ['####.', '#...#', '#...#', '####.', '#....', '#....', '#....'],
  Q: ['.###.', '#...#', '#...#', '#...#', '#.#.#', '#..#.', '.##.#'],
  R: ['####.', '#...#', '#...#', '####.', '#.#..', '#..#.', '#...#'],
  S: ['.####', '#....', '#....', '.###.', '....#', '....#', '####.'],
  T: ['#####', '..#..', '..#..', '..#..', '..#..', '..#..', '..#..'],
  U: ['#...#', '#...#', '#...#', '#...#', '#...#', '#...#', '.###.'],
  V: ['#...#', '#...#', '#...#', '#...#', '#...#', '.#.#.', '..#..'],
  W: ['#...#', '#...#', '#...#', '#.#.#', '#.#.#', '##.##', '#...#'],
  X: ['#...#', '#...#', '.#.#.', '..#..', '.#.#.', '#...#', '#...#'],
  Y: ['#...#', '#...#', '.#.#.', '..#..', '..#..', '..#..', '..#..'],
  Z: ['#####', '....#', '...#.', '..#..', '.#...', '#....', '#####'],
};

/** Words that do not make initials: particles and the titles used in parliamentary names. */
const SKIP = new Set(['da', 'das', 'de', 'do', 'dos', 'e', 'dr', 'dra', 'pastor', 'sargento', 'professor', 'professora']);

/** Up to two initials of a name: the first and last meaningful words ("Dr. Ricardo Menezes" → "RM"). */
export function initials(name: string): string {
  const words = name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z\s]/g, ' ').split(/\s+/).filter(Boolean);
  const useful = words.filter((w) => !SKIP.has(w.toLowerCase()));
  const list = useful.length > 1 ? useful : words.filter((w) => w.length > 2 || w[0] === w[0].toUpperCase());
  const picked = list.length > 1 ? [list[0], list[list.length - 1]] : list.slice(0, 1);
  return picked.map((w) => w[0].toUpperCase()).filter((c) => FONT[c]).join('');
}

const mix = (a: RGB, b: RGB, t: number): RGB => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
const clamp01 = (v: number) => (v < 0 ? 0 : v > 1 ? 1 : v);
const WHITE: RGB = [255, 255, 255];
const INK: RGB = [28, 32, 40];

/** Signed distance (in 256-unit space) to an ellipse, a good approximation near its edge. */
function ellipse(x: number, y: number, cx: number, cy: number, rx: number, ry: number): number {
  const dx = x - cx, dy = y - cy;
  const k = Math.sqrt((dx * dx) / (rx * rx) + (dy * dy) / (ry * ry));
  if (k === 0) return -Math.min(rx, ry);
  const gx = dx / (rx * rx), gy = dy / (ry * ry);
  return ((k - 1) * k) / Math.sqrt(gx * gx + gy * gy);
}

/** Signed distance to a rounded rectangle given by its centre, half sizes and corner radius. */
function roundRect(x: number, y: number, cx: number, cy: number, hw: number, hh: number, r: number): number {
  const qx = Math.abs(x - cx) - hw + r, qy = Math.abs(y - cy) - hh + r;
  const ox = qx > 0 ? qx : 0, oy = qy > 0 ? qy : 0;
  return Math.sqrt(ox * ox + oy * oy) + Math.min(Math.max(qx, qy), 0) - r;
}

/** Smooth union of two distances (blends the joint over `k` units). */
function smin(a: number, b: number, k: number): number {
  const h = Math.max(k - Math.abs(a - b), 0) / k;
  return Math.min(a, b) - (h * h * k) / 4;
}

interface Masks { cover: Float32Array; chin: Float32Array; halo: Float32Array }
const MASKS = new Map<number, Masks>();

/** The silhouette's coverage, the shadow under the chin and the halo behind the head: the same for everyone. */
function masks(size: number): Masks {
  const cached = MASKS.get(size);
  if (cached) return cached;
  const n = size * size;
  const m: Masks = { cover: new Float32Array(n), chin: new Float32Array(n), halo: new Float32Array(n) };
  const s = size / 256;
  for (let y = 0; y < size; y++) {
    const py = (y + 0.5) / s; // 256-unit space
    // the figure is symmetric: compute the left half and mirror it
    for (let x = 0; x < size / 2; x++) {
      const px = (x + 0.5) / s, i = y * size + x, j = y * size + size - 1 - x;
      const hx = px - 128, hy = py - 100;
      m.halo[i] = m.halo[j] = clamp01(1 - Math.sqrt(hx * hx + hy * hy) / 150) * 0.35;
      if (py < 40) continue;
      // head, neck and shoulders as one shape
      const head = ellipse(px, py, 128, 102, 45, 53);
      const neck = roundRect(px, py, 128, 162, 21, 22, 6);
      const shoulders = ellipse(px, py, 128, 266, 114, 88);
      m.cover[i] = m.cover[j] = clamp01(0.5 - smin(smin(head, neck, 6), shoulders, 22) * s);
      m.chin[i] = m.chin[j] = head > 0 && py > 140 && py < 185 ? clamp01(1 - head / 12) * 0.45 : 0;
    }
  }
  MASKS.set(size, m);
  return m;
}

/** A square portrait PNG (RGB) for `name` in the party colour `color` (#rrggbb). */
export function portraitPng(name: string, color: string, size = 256): Buffer {
  const base = hex(color);
  const bgTop = mix(base, WHITE, 0.82), bgBottom = mix(base, WHITE, 0.62);
  const figTop = mix(base, INK, 0.42), figBottom = mix(base, INK, 0.6);
  const shade = mix(base, INK, 0.72);
  const text = mix(base, WHITE, 0.9);
  const { cover, chin, halo } = masks(size);

  // the initials, centred on the chest, each font cell `cell` pixels
  const letters = initials(name);
  const cell = Math.max(1, Math.round((5 * size) / 256));
  const textW = letters.length * 6 * cell - cell;
  const textX = Math.round((size - textW) / 2), textY = Math.round((214 * size) / 256);
  const inText = (x: number, y: number): boolean => {
    if (x < textX || x >= textX + textW) return false;
    const col = Math.floor((x - textX) / cell), row = Math.floor((y - textY) / cell);
    const glyph = Math.floor(col / 6), c = col % 6;
    return c !== 5 && FONT[letters[glyph]][row][c] === '#';
  };

  const stride = size * 3 + 1;
  const raw = Buffer.alloc(stride * size);
  for (let y = 0; y < size; y++) {
    const v = y / size;
    const t = clamp01((v - 0.2) / 0.8);
    const br = bgTop[0] + (bgBottom[0] - bgTop[0]) * v, bg = bgTop[1] + (bgBottom[1] - bgTop[1]) * v, bb = bgTop[2] + (bgBottom[2] - bgTop[2]) * v;
    const fr = figTop[0] + (figBottom[0] - figTop[0]) * t, fg = figTop[1] + (figBottom[1] - figTop[1]) * t, fb = figTop[2] + (figBottom[2] - figTop[2]) * t;
    const textRow = letters.length > 0 && y >= textY && y < textY + 7 * cell;
    for (let x = 0; x < size; x++) {
      const i = y * size + x, h = halo[i], a = cover[i], k = chin[i];
      let r = br + (255 - br) * h, g = bg + (255 - bg) * h, b = bb + (255 - bb) * h;
      if (a > 0) {
        const cr = fr + (shade[0] - fr) * k, cg = fg + (shade[1] - fg) * k, cb = fb + (shade[2] - fb) * k;
        r += (cr - r) * a; g += (cg - g) * a; b += (cb - b) * a;
      }
      if (textRow && inText(x, y)) { r = text[0]; g = text[1]; b = text[2]; }
      const o = y * stride + 1 + x * 3;
      raw[o] = r | 0; raw[o + 1] = g | 0; raw[o + 2] = b | 0;
    }
  }
  return encodePng(raw, size, size, 3, 3);
}
