// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { BRANDS } from './brands.js';
import { applyTheme, themeVariables } from './theme.js';

/** Which attributes of the root element `write` wrote, each once (a style or data-theme write restyles the page). */
async function rootWrites(write: () => void): Promise<(string | null)[]> {
  const records: MutationRecord[] = [];
  const observer = new MutationObserver((delivered) => records.push(...delivered));
  observer.observe(document.documentElement, { attributes: true });
  write();
  await new Promise((resolve) => setTimeout(resolve, 0));
  observer.disconnect();
  return [...new Set(records.map((record) => record.attributeName))];
}

/** The brand's `:root` rule, as the edge writes it into the page's head. */
function edgeThemeRule(brand: (typeof BRANDS)[keyof typeof BRANDS]): HTMLStyleElement {
  const style = document.createElement('style');
  style.textContent = `:root{${Object.entries(themeVariables(brand))
    .map(([name, value]) => `${name}:${value}`)
    .join(';')}}`;
  document.documentElement.dataset.theme = brand.theme;
  return document.head.appendChild(style);
}

afterEach(() => {
  document.head.replaceChildren();
  document.documentElement.removeAttribute('style');
  document.documentElement.removeAttribute('data-theme');
});

describe('applyTheme', () => {
  it("writes nothing on a page whose HTML has the brand's colours already", async () => {
    edgeThemeRule(BRANDS.nova);
    expect(await rootWrites(() => applyTheme(BRANDS.nova))).toEqual([]);
    expect(getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim()).toBe(BRANDS.nova.colors.primary);
  });

  it('gives a page without them every colour and the theme', async () => {
    expect(await rootWrites(() => applyTheme(BRANDS.verda))).toEqual(['style', 'data-theme']);
    const root = getComputedStyle(document.documentElement);
    for (const [name, value] of Object.entries(themeVariables(BRANDS.verda))) expect(root.getPropertyValue(name).trim()).toBe(value);
    expect(document.documentElement.dataset.theme).toBe(BRANDS.verda.theme);
  });

  it("writes the colours another brand's page lacks, and only those", () => {
    edgeThemeRule(BRANDS.nova);
    applyTheme(BRANDS.verda);
    const differing = Object.entries(themeVariables(BRANDS.verda)).filter(([name, value]) => themeVariables(BRANDS.nova)[name] !== value);
    expect(differing.length).toBeGreaterThan(0);
    const inline = document.documentElement.style;
    expect(Array.from({ length: inline.length }, (_, index) => inline.item(index)).sort()).toEqual(differing.map(([name]) => name).sort());
    const root = getComputedStyle(document.documentElement);
    for (const [name, value] of Object.entries(themeVariables(BRANDS.verda))) expect(root.getPropertyValue(name).trim()).toBe(value);
  });
});
