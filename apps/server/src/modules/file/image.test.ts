// Image recognition on literal bytes: the type comes from content, the size from the header.
import { describe, expect, it } from 'vitest';
import { sniffImage } from './image.js';

const png = (w: number, h: number) =>
  Uint8Array.from([
    0x89,
    0x50,
    0x4e,
    0x47,
    0x0d,
    0x0a,
    0x1a,
    0x0a,
    0,
    0,
    0,
    13,
    0x49,
    0x48,
    0x44,
    0x52,
    0,
    0,
    w >> 8,
    w & 255,
    0,
    0,
    h >> 8,
    h & 255,
    8,
    6,
  ]);
const gif = Uint8Array.from([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x20, 0x03, 0x58, 0x02, 0, 0]);
// SOI, an APP0 segment of 16 bytes, then SOF0 with height 0x0280 (640) and width 0x01e0 (480).
const jpeg = Uint8Array.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xc0, 0x00, 0x11,
  0x08, 0x02, 0x80, 0x01, 0xe0, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1,
]);

describe('sniffImage', () => {
  it('reads PNG, GIF and JPEG sizes from their headers', () => {
    expect(sniffImage(png(950, 650))).toEqual({ mime: 'image/png', width: 950, height: 650 });
    expect(sniffImage(gif)).toEqual({ mime: 'image/gif', width: 800, height: 600 });
    expect(sniffImage(jpeg)).toEqual({ mime: 'image/jpeg', width: 480, height: 640 });
  });

  it('skips a DHT segment, which sits in the SOF range but carries no size', () => {
    const dht = [0xff, 0xc4, 0x00, 0x04, 0, 0];
    const withDht = Uint8Array.from([...jpeg.subarray(0, 20), ...dht, ...jpeg.subarray(20)]);
    expect(sniffImage(withDht)).toEqual({ mime: 'image/jpeg', width: 480, height: 640 });
  });

  it.each([
    ['text named .png', new TextEncoder().encode('hello, not an image at all')],
    ['an SVG', new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['a truncated PNG', png(10, 10).subarray(0, 20)],
    ['a PNG of zero width', png(0, 10)],
    ['a JPEG with a broken segment', Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x01, 0, 0, 0, 0, 0, 0])],
    ['nothing', new Uint8Array()],
  ])('refuses %s', (_title, bytes) => {
    expect(sniffImage(bytes)).toBeNull();
  });
});
