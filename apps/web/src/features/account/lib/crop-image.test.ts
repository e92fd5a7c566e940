import { describe, expect, it } from 'vitest';
import { planSquareCrop } from './crop-image';

const image = { width: 1000, height: 600 };

describe('planSquareCrop', () => {
  it('scales a square area inside the image onto the whole canvas', () => {
    expect(planSquareCrop({ x: 200, y: 100, width: 400, height: 400 }, image, 256)).toEqual({
      source: { x: 200, y: 100, width: 400, height: 400 },
      target: { x: 0, y: 0, width: 256, height: 256 },
    });
  });

  it('enlarges a small area (a zoomed-in crop) to the canvas', () => {
    expect(planSquareCrop({ x: 10, y: 20, width: 128, height: 128 }, image, 256)?.target).toEqual({
      x: 0,
      y: 0,
      width: 256,
      height: 256,
    });
  });

  it('draws only the part inside the image, where it lies in the area, when the area reaches past an edge', () => {
    // Zoomed out: an 800-pixel area starting 100 above the 600-pixel-high image, which fills its rows 100…700.
    const plan = planSquareCrop({ x: 100, y: -100, width: 800, height: 800 }, image, 256);
    expect(plan?.source).toEqual({ x: 100, y: 0, width: 800, height: 600 });
    expect(plan?.target).toEqual({ x: 0, y: 32, width: 256, height: 192 });
  });

  it('clamps on the right and bottom edges too', () => {
    const plan = planSquareCrop({ x: 900, y: 500, width: 200, height: 200 }, image, 100);
    expect(plan?.source).toEqual({ x: 900, y: 500, width: 100, height: 100 });
    expect(plan?.target).toEqual({ x: 0, y: 0, width: 50, height: 50 });
  });

  it('gives nothing for an area outside the image or without size', () => {
    expect(planSquareCrop({ x: 1200, y: 0, width: 100, height: 100 }, image)).toBeNull();
    expect(planSquareCrop({ x: 0, y: 0, width: 0, height: 0 }, image)).toBeNull();
  });
});
