/** Draws a simple heraldic shield as a PNG (no image files shipped for the demo crests). */
import { encodePng, hex, type RGB } from './png.ts';

export function crestPng(primary: string, secondary: string, size = 192): Buffer {
  const [p, s] = [hex(primary), hex(secondary)];
  const gold: RGB = [212, 175, 55];
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const u = x / size - 0.5, v = y / size;
      // shield: straight top part, rounded point below
      const halfWidth = v < 0.55 ? 0.4 : 0.4 * Math.sqrt(Math.max(0, 1 - ((v - 0.55) / 0.4) ** 2));
      const inside = v > 0.06 && v < 0.95 && Math.abs(u) < halfWidth;
      const border = inside && (Math.abs(u) > halfWidth - 0.03 || v < 0.09);
      let c: RGB | null = null;
      if (inside) c = border ? gold : (u < 0) !== (v > 0.5) ? p : s;
      // a small star in the centre
      const dx = u, dy = v - 0.45;
      const ang = Math.atan2(dy, dx), r = Math.hypot(dx, dy);
      const star = 0.09 * (0.55 + 0.45 * Math.cos(5 * ang));
      if (inside && !border && r < star) c = gold;
      const o = y * (size * 4 + 1) + 1 + x * 4;
      if (c) { raw[o] = c[0]; raw[o + 1] = c[1]; raw[o + 2] = c[2]; raw[o + 3] = 255; }
    }
  }
  return encodePng(raw, size, size, 4);
}
