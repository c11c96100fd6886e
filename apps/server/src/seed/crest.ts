/** Draws a simple heraldic shield as a PNG (no image files shipped for the demo crests). */
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

type RGB = [number, number, number];
const hex = (h: string): RGB => [parseInt(h.slice(1, 3), 16), parseInt(h.slice(3, 5), 16), parseInt(h.slice(5, 7), 16)];

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
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; ihdr[9] = 6; ihdr[10] = 0; ihdr[11] = 0; ihdr[12] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0)),
  ]);
}
