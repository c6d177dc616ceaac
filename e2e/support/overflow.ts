// Run in the page (page.evaluate): everything here must be self-contained.

/** What is wrong on the page: sideways scrolling (the page, any scroll box, a table's box) and labels cut off or spilling out. */
export function overflowProblems(): string[] {
  const problems: string[] = [];
  const name = (el: Element) => {
    const id = el.getAttribute('data-testid') ?? el.getAttribute('aria-label') ?? '';
    return `<${el.tagName.toLowerCase()}${id ? ` ${id}` : ''}> "${(el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 50)}"`;
  };
  const page = document.scrollingElement ?? document.documentElement;
  if (page.scrollWidth > page.clientWidth) problems.push(`the page scrolls sideways: ${page.scrollWidth} > ${page.clientWidth}`);
  const LABEL = 'button, a, th, label, legend, h1, h2, h3, h4, summary, dt, [role=tab], [role=dialog] > *';
  /** Text cut short on purpose (a prompt on a tile) whose whole is said by a title or label around it, up to its link or button. */
  const saidInFull = (el: Element) => {
    const text = (el.textContent ?? '').trim().slice(0, 40);
    for (let at: Element | null = el; at && text; at = at.parentElement) {
      if (`${at.getAttribute('title') ?? ''} ${at.getAttribute('aria-label') ?? ''}`.includes(text)) return true;
      if (at.matches(LABEL)) break;
    }
    return false;
  };
  const canvas = document.createElement('canvas').getContext('2d')!;
  for (const el of document.querySelectorAll<HTMLElement>('body *')) {
    if (el.clientWidth <= 1 || el.getClientRects().length === 0) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden') continue;
    const wide = el.scrollWidth > el.clientWidth + 1;
    if (wide && (style.overflowX === 'auto' || style.overflowX === 'scroll'))
      problems.push(`scrolls sideways: ${name(el)} ${el.scrollWidth} > ${el.clientWidth}`);
    else if (wide && el.querySelector(':scope > table')) problems.push(`a table wider than its box: ${name(el)} ${el.scrollWidth} > ${el.clientWidth}`);
    else if (wide && el.closest(LABEL) && !saidInFull(el)) problems.push(`a label overflows its box: ${name(el)} ${el.scrollWidth} > ${el.clientWidth}`);
    if (el instanceof HTMLSelectElement && el.selectedOptions[0]) {
      // A select cuts its chosen option's text off without saying so: measure it.
      canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = canvas.measureText(el.selectedOptions[0].text).width;
      const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      if (text > room + 1) problems.push(`a select cuts its choice off: ${name(el)} ${Math.round(text)} > ${room}`);
    }
  }
  return problems;
}
