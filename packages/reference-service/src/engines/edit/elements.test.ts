import { describe, expect, it } from 'vitest';
import { renderElements } from './elements';
import { type RawImage, blankImage, createRng } from '../pixels/raw';

/** Alpha-weighted centre of what the layer draws, as fractions of width and height. */
function centroid(img: RawImage): { x: number; y: number; cover: number } {
  let sx = 0;
  let sy = 0;
  let sum = 0;
  for (let y = 0; y < img.height; y++) {
    for (let x = 0; x < img.width; x++) {
      const a = img.data[(y * img.width + x) * 4 + 3];
      sx += x * a;
      sy += y * a;
      sum += a;
    }
  }
  return { x: sx / sum / img.width, y: sy / sum / img.height, cover: sum / 255 / (img.width * img.height) };
}

function clearPixels(img: RawImage): number {
  let n = 0;
  for (let i = 3; i < img.data.length; i += 4) if (img.data[i] === 0) n++;
  return n;
}

/** Busy noise on the left half, a flat colour on the right. */
function halfBusy(width: number, height: number): RawImage {
  const img = blankImage(width, height, [90, 140, 200, 255]);
  const rng = createRng(1);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width / 2; x++) {
      const i = (y * width + x) * 4;
      img.data[i] = rng() * 255;
      img.data[i + 1] = rng() * 255;
      img.data[i + 2] = rng() * 255;
    }
  }
  return img;
}

describe('renderElements', () => {
  it('draws the named elements on a transparent layer of the requested size', async () => {
    const { layer, elements } = await renderElements({ prompt: 'add a red heart and some clouds', width: 320, height: 240, seed: 5 });
    expect(elements).toEqual(['heart', 'cloud']);
    expect([layer.width, layer.height]).toEqual([320, 240]);
    expect(layer.data.length).toBe(320 * 240 * 4);
    expect(clearPixels(layer)).toBeGreaterThan(320 * 240 * 0.3);
    expect(centroid(layer).cover).toBeGreaterThan(0.02);
  });

  it('understands Chinese and reports what it added', async () => {
    const { elements, layer } = await renderElements({ prompt: '加上星星、月亮和飘雪', width: 256, height: 256, seed: 5 });
    expect(elements).toEqual(expect.arrayContaining(['stars', 'moon', 'snow']));
    expect(centroid(layer).cover).toBeGreaterThan(0.01);
  });

  it('falls back to sparkles when nothing is recognised', async () => {
    const { elements, layer } = await renderElements({ prompt: 'make it nicer', width: 200, height: 200, seed: 1 });
    expect(elements).toEqual(['sparkles']);
    expect(centroid(layer).cover).toBeGreaterThan(0.005);
    expect((await renderElements({ prompt: '', width: 50, height: 50, seed: 1 })).elements).toEqual(['sparkles']);
  });

  it('puts elements in the calm part of the image, sky things near the top', async () => {
    const image = halfBusy(256, 256);
    const heart = await renderElements({ prompt: 'a heart', width: 256, height: 256, seed: 2, image });
    expect(centroid(heart.layer).x).toBeGreaterThan(0.55);
    const sun = await renderElements({ prompt: 'the sun', width: 256, height: 256, seed: 2, image: blankImage(256, 256, [200, 200, 200, 255]) });
    expect(centroid(sun.layer).y).toBeLessThan(0.4);
  });

  it('is deterministic', async () => {
    const a = await renderElements({ prompt: 'balloons and birds', width: 160, height: 120, seed: 9 });
    const b = await renderElements({ prompt: 'balloons and birds', width: 160, height: 120, seed: 9 });
    expect(a.layer.data.equals(b.layer.data)).toBe(true);
    expect(a.elements).toEqual(['balloon', 'bird']);
  });
});
