// The board viewer's paging (components/compare/viewer-paging.ts): every image of every model is reachable.
import { describe, expect, it } from 'vitest';
import { nextLayout, openAt, pageBy, pageCount, sidePanes, switchTo, type ViewerItem, type ViewerPosition } from '@/components/compare/viewer-paging';

const board = (models: string[], n: number): ViewerItem[] =>
  models.flatMap((model) => Array.from({ length: n }, (_, i) => ({ key: `${model}#${i + 1}`, model, n: i + 1, count: n, src: `/${model}/${i + 1}` })));

/** Every position reached from `from` paging forward until it stops, as the keys of what is shown. */
function walk(from: ViewerPosition, items: ViewerItem[], show: (p: ViewerPosition) => string[]): string[][] {
  const seen = [show(from)];
  for (let p = from, next = pageBy(p, items, 1); next !== p; p = next, next = pageBy(p, items, 1)) seen.push(show(next));
  return seen;
}

describe('the board viewer', () => {
  const items = board(['vista', 'aquarelle', 'mosaic', 'pixel'], 2);

  it('opens on the image clicked, alone, and pages through every image of every model', () => {
    const start = openAt(items, 'aquarelle#2');
    expect(start).toMatchObject({ layout: 'single', current: 3 });
    expect(pageBy(pageBy(start, items, -1), items, -1).current).toBe(1);
    const seen = walk(openAt(items, 'vista#1'), items, (p) => [items[p.current].key]).flat();
    expect(seen).toEqual(items.map((item) => item.key));
    // At the ends it stays where it is.
    const first = openAt(items, 'vista#1');
    expect(pageBy(first, items, -1)).toBe(first);
  });

  it('side by side shows each model of one image number, and pages through the numbers', () => {
    const start = openAt(items);
    expect(start.layout).toBe('side');
    expect(pageCount(items)).toBe(2);
    const seen = walk(start, items, (p) => sidePanes(items, p.page).map((item) => item.key));
    expect(seen).toEqual([
      ['vista#1', 'aquarelle#1', 'mosaic#1', 'pixel#1'],
      ['vista#2', 'aquarelle#2', 'mosaic#2', 'pixel#2'],
    ]);
    // A model with fewer images shows its last.
    const uneven = [...board(['a'], 1), ...board(['b'], 3)];
    expect(sidePanes(uneven, 2).map((item) => item.key)).toEqual(['a#1', 'b#3']);
  });

  it('the swipe compares any two images, its right side paging through every other image, not just the first two models', () => {
    const swipe = switchTo(openAt(items, 'mosaic#1'), items, 'swipe');
    expect(items[swipe.current].key).toBe('mosaic#1');
    expect(items[swipe.other].key).toBe('pixel#1');
    const rights = walk({ ...swipe, other: 0 }, items, (p) => [items[p.other].key]).flat();
    expect(rights).toEqual(items.map((item) => item.key).filter((key) => key !== 'mosaic#1'));
  });

  it('switching layouts keeps what is in view; S cycles one image, side by side, swipe', () => {
    const side = pageBy(openAt(items), items, 1);
    const single = switchTo(side, items, 'single');
    expect(items[single.current].key).toBe('vista#2');
    expect(switchTo(single, items, 'side').page).toBe(1);
    expect([nextLayout(single, items), nextLayout(side, items), nextLayout({ ...side, layout: 'swipe' }, items)]).toEqual(['side', 'swipe', 'single']);
    // One model's images side by side; one image has no other layout.
    const one = board(['vista'], 3);
    expect(openAt(one).layout).toBe('single');
    expect(sidePanes(one, 0)).toHaveLength(3);
    expect(nextLayout(openAt(board(['vista'], 1)), board(['vista'], 1))).toBe('single');
  });
});
