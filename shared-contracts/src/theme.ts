import type { Brand } from './brands.js';

/** CSS custom properties every app styles with; the shell (or standalone harness) sets them from the brand. */
export function themeVariables(brand: Pick<Brand, 'colors'>): Record<string, string> {
  const { colors } = brand;
  return {
    '--color-primary': colors.primary,
    '--color-on-primary': colors.onPrimary,
    '--color-background': colors.background,
    '--color-surface': colors.surface,
    '--color-text': colors.text,
    '--color-muted': colors.muted,
    '--color-accent': colors.accent,
  };
}

/**
 * Applies the brand's theme to the document through the CSSOM (allowed by a strict style-src CSP). A page whose HTML
 * came from the edge has the brand's colours already (its `:root` rule): only what the page lacks is written, since a
 * write to the root's style, even of the value it has, makes the browser restyle the root (issue 13).
 */
export function applyTheme(brand: Pick<Brand, 'colors' | 'theme'>, root: HTMLElement = document.documentElement): void {
  const current = getComputedStyle(root);
  for (const [name, value] of Object.entries(themeVariables(brand))) {
    if (current.getPropertyValue(name).trim() !== value) root.style.setProperty(name, value);
  }
  if (root.dataset.theme !== brand.theme) root.dataset.theme = brand.theme;
}
