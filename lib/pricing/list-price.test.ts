import { describe, expect, it } from 'vitest';
import { editPrice, imagePrice, isPriceTable, parseVideoPrice, videoPrice } from './list-price';
import { maxAmount, multiplyAmount, priceAmount } from './money';

describe('amounts', () => {
  it('reads prices as written, refuses what is not one', () => {
    expect(priceAmount(0.08)).toBe('0.08');
    expect(priceAmount('0.10')).toBe('0.10');
    expect(priceAmount(0.1 + 0.2)).toBe('0.3');
    for (const bad of [-1, Number.NaN, Infinity, '1e3', 'abc', null, {}]) expect(priceAmount(bad)).toBeNull();
  });
  it('multiplies and compares exactly', () => {
    expect(multiplyAmount('0.1', 3)).toBe('0.3');
    expect(multiplyAmount('0.25', 0)).toBe('0');
    expect(() => multiplyAmount('0.1', 1.5)).toThrow();
    expect(maxAmount('0.3', '0.25')).toBe('0.3');
    expect(maxAmount('0.3', '0.31')).toBe('0.31');
  });
});

describe('list prices in the reference shapes', () => {
  it('prices an image by its size', () => {
    const price = { per_image: { '1024x1024': 0.08, '4096x4096': '0.48' } };
    expect(imagePrice(price, '1024x1024')).toBe('0.08');
    expect(imagePrice(price, '4096x4096')).toBe('0.48');
    expect(imagePrice(price, '2048x2048')).toBeNull();
    expect(imagePrice({ per_image: { '1024x1024': 'free' } }, '1024x1024')).toBeNull();
  });
  it('prices an edit by the tier its longest side falls in, the top tier beyond', () => {
    const price = { per_edit: { '1024': 0.1, '2048': 0.15, '4096': 0.3 } };
    expect(editPrice(price, '800x600')).toBe('0.1');
    expect(editPrice(price, '1024x2000')).toBe('0.15');
    expect(editPrice(price, '4096x4096')).toBe('0.3');
    expect(editPrice({}, '800x600')).toBeNull();
  });
  it('prices a video per second at its resolution, audio on top, exactly', () => {
    const price = parseVideoPrice({ per_second: { '480p': 0.1, '720p': 0.2 }, audio_per_second: 0.05 });
    expect(videoPrice(price, 5, '720p', false)).toBe('1');
    expect(videoPrice(price, 3, '480p', true)).toBe('0.45');
    expect(videoPrice(price, 5, '1080p', false)).toBeNull();
    expect(parseVideoPrice({ per_image: {} })).toBeNull();
  });
  it('knows which table bills which kind', () => {
    expect(isPriceTable('image', { per_image: { '1024x1024': 1 } })).toBe(true);
    expect(isPriceTable('video', { per_image: { '1024x1024': 1 } })).toBe(false);
    expect(isPriceTable('edit', undefined)).toBe(false);
  });
});
