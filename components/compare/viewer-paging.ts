/** One image the board's full-screen viewer can show: image `n` of `count` of its model's column. */
export interface ViewerItem {
  key: string;
  model: string;
  n: number;
  count: number;
  src: string;
  /** The result it shows (its comment pins are drawn on it); none for the original an edit started from. */
  outputId?: string;
}

/** One image big; each model's image of one number side by side; two images under a divider. */
export type ViewerLayout = 'single' | 'side' | 'swipe';

/**
 * Where the viewer is: the image shown alone (and the swipe's left side), the image number shown
 * side by side (0-based), and the swipe's right side. Items are every image of every model, in
 * board order.
 */
export interface ViewerPosition {
  layout: ViewerLayout;
  current: number;
  page: number;
  other: number;
}

const clamp = (value: number, max: number) => Math.min(Math.max(value, 0), Math.max(max, 0));

export function viewerModels(items: ViewerItem[]): string[] {
  return [...new Set(items.map((item) => item.model))];
}

/** How many image numbers side by side pages through: the most images any model has (one model: its images together). */
export function pageCount(items: ViewerItem[]): number {
  return viewerModels(items).length < 2 ? Math.min(items.length, 1) : Math.max(0, ...items.map((item) => item.n));
}

/**
 * Side by side: each model's image of number `page + 1` (its last, if it has fewer), at most four
 * models; a board of one model shows its (first four) images.
 */
export function sidePanes(items: ViewerItem[], page: number): ViewerItem[] {
  if (viewerModels(items).length < 2) return items.slice(0, 4);
  return viewerModels(items)
    .slice(0, 4)
    .map((model) => {
      const own = items.filter((item) => item.model === model);
      return own[Math.min(page, own.length - 1)];
    });
}

/** The position an opened viewer starts from: the image clicked alone, or (no image named) the models side by side. */
export function openAt(items: ViewerItem[], key?: string): ViewerPosition {
  const index = key === undefined ? -1 : items.findIndex((item) => item.key === key);
  if (index >= 0) return { layout: 'single', current: index, page: items[index].n - 1, other: partner(items, index) };
  const layout = viewerModels(items).length >= 2 ? 'side' : 'single';
  return { layout, current: 0, page: 0, other: partner(items, 0) };
}

/** The swipe's other side for `index`: the same number of the next model, else the next image, else the one before. */
function partner(items: ViewerItem[], index: number): number {
  const item = items[index];
  const models = viewerModels(items);
  const next = models[(models.indexOf(item.model) + 1) % models.length];
  const same = items.findIndex((other) => other.model === next && other.n === item.n);
  if (same >= 0 && same !== index) return same;
  return index + 1 < items.length ? index + 1 : Math.max(0, index - 1);
}

/** The next position `by` images on (±1), or the same object when there is none that way. */
export function pageBy(position: ViewerPosition, items: ViewerItem[], by: number): ViewerPosition {
  if (position.layout === 'side') {
    const page = clamp(position.page + by, pageCount(items) - 1);
    return page === position.page ? position : { ...position, page };
  }
  if (position.layout === 'single') {
    const current = clamp(position.current + by, items.length - 1);
    return current === position.current ? position : { ...position, current, page: items[current].n - 1, other: partner(items, current) };
  }
  // The swipe pages its right side through every other image.
  let other = position.other + by;
  if (other === position.current) other += by;
  return other < 0 || other >= items.length ? position : { ...position, other };
}

/** Another layout, keeping what is in view: the image shown alone is the swipe's left and gives side by side its number. */
export function switchTo(position: ViewerPosition, items: ViewerItem[], layout: ViewerLayout): ViewerPosition {
  if (layout === position.layout) return position;
  if (position.layout === 'side') {
    const current = items.indexOf(sidePanes(items, position.page)[0]);
    return { layout, current, page: position.page, other: partner(items, current) };
  }
  return { ...position, layout, page: items[position.current].n - 1 };
}

/** S steps through the layouts there are: one image, side by side and swipe (the last two need two images). */
export function nextLayout(position: ViewerPosition, items: ViewerItem[]): ViewerLayout {
  const layouts: ViewerLayout[] = items.length >= 2 ? ['single', 'side', 'swipe'] : ['single'];
  return layouts[(layouts.indexOf(position.layout) + 1) % layouts.length];
}
