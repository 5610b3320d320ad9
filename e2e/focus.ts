import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Where the keyboard's focus is, and how it shows. */
export interface Focus {
  /** The focused element's own test id, or its closest ancestor's. */
  testid: string | null;
  /** Its accessible name as far as the page tells it: aria-label, else its text or value. */
  name: string;
  tag: string;
  /** The focus indicator found: `outline …`, `box-shadow …` or `none`. */
  ring: string;
  /** The indicator's contrast against the background around it (0 without one). */
  contrast: number;
}

/**
 * Read in the page. A control whose focused element is hidden or small inside it (antd check boxes, selects,
 * pickers, inputs with an icon) shows its focus on the visible control, as focus.css draws it. The background is the
 * first opaque one around that control when the ring is drawn outside it (outline-offset), its own when inside.
 * Transitions run to their end first.
 */
const READ_FOCUS = `(async () => {
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  const ring = (el.matches('.ant-checkbox-input, .ant-radio-input') && el.nextElementSibling)
    || el.closest('.ant-select')?.querySelector('.ant-select-selector')
    || el.closest('.ant-picker, .ant-input-number, .ant-input-affix-wrapper') || el;
  // antd's controls move their outline in with a transition: read where it ends.
  await Promise.all(ring.getAnimations().map((a) => a.finished.catch(() => undefined)));
  const style = getComputedStyle(ring);
  const parse = (c) => (c.match(/[\\d.]+/g) || []).map(Number);
  let color = null, desc = 'none';
  if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 1) {
    color = parse(style.outlineColor); desc = 'outline ' + style.outlineWidth + ' ' + style.outlineColor;
  } else if (style.boxShadow !== 'none') {
    const m = style.boxShadow.match(/rgba?\\([^)]*\\)/);
    if (m) { color = parse(m[0]); desc = 'box-shadow ' + style.boxShadow; }
  }
  let bg = [255, 255, 255];
  // A ring drawn inside (negative offset) lies on the control's own background.
  const start = parseFloat(style.outlineOffset) < 0 ? ring : ring.parentElement;
  for (let n = start; n; n = n.parentElement) {
    const c = parse(getComputedStyle(n).backgroundColor);
    if (c.length >= 3 && (c.length < 4 || c[3] > 0.5)) { bg = c; break; }
  }
  const lum = (rgb) => rgb.slice(0, 3).reduce((sum, v, i) => {
    const s = v / 255;
    return sum + [0.2126, 0.7152, 0.0722][i] * (s <= 0.03928 ? s / 12.92 : Math.pow((s + 0.055) / 1.055, 2.4));
  }, 0);
  // A translucent indicator counts as none: its colour depends on what is under it.
  const opaque = color && (color.length < 4 || color[3] === 1);
  const contrast = opaque ? (Math.max(lum(color), lum(bg)) + 0.05) / (Math.min(lum(color), lum(bg)) + 0.05) : 0;
  const name = (el.getAttribute('aria-label') || el.innerText || el.value || '').trim().slice(0, 60);
  return { testid: el.closest('[data-testid]')?.getAttribute('data-testid') ?? null, name, tag: el.tagName.toLowerCase(), ring: desc, contrast };
})()`;

export const readFocus = (page: Page) => page.evaluate<Focus | null>(READ_FOCUS);

const describe = (f: Focus | null) => (f ? `${f.tag}[${f.testid ?? ''}] "${f.name}" (${f.ring})` : 'body');

/** WCAG 2.4.7 with 2.4.11's contrast: a focus indicator of at least 3:1 against its background. */
export function expectVisible(f: Focus | null): asserts f is Focus {
  expect(f, 'the focus is on the page').not.toBeNull();
  expect(f!.contrast, `focus indicator of ${describe(f)}`).toBeGreaterThanOrEqual(3);
}

/**
 * The focus is on the element with this test id (or inside it) and shows. Dialogs and popups move the focus once
 * their opening animation has run, a moment after they appear: the focus is given up to two seconds to arrive.
 */
export async function expectFocus(page: Page, testid: string | RegExp): Promise<Focus> {
  const want = testid instanceof RegExp ? testid : new RegExp(`^${testid}$`);
  let f = await readFocus(page);
  for (const until = Date.now() + 2_000; !want.test(f?.testid ?? '') && Date.now() < until; f = await readFocus(page)) {
    await page.waitForTimeout(50);
  }
  expect(f?.testid ?? '', describe(f)).toMatch(want);
  expectVisible(f);
  return f;
}

/**
 * Presses Tab (Shift+Tab with `back`) until the focus is on the wanted element, checking at every stop on the way
 * that the focus shows; fails with the stops passed when it is not reached.
 */
export async function tabTo(page: Page, testid: string | RegExp, opts: { back?: boolean; max?: number } = {}): Promise<Focus> {
  const want = testid instanceof RegExp ? testid : new RegExp(`^${testid}$`);
  const stops: string[] = [];
  for (let i = 0; i < (opts.max ?? 60); i++) {
    await page.keyboard.press(opts.back ? 'Shift+Tab' : 'Tab');
    const f = await readFocus(page);
    stops.push(describe(f));
    if (!f) throw new Error(`the focus fell off the page; stops: ${stops.join(' → ')}`);
    expectVisible(f);
    if (f.testid !== null && want.test(f.testid)) return f;
  }
  throw new Error(`the keyboard never reached ${String(testid)}; stops: ${stops.join(' → ')}`);
}
