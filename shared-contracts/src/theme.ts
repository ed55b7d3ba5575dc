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

/** Applies the brand's theme to the document through the CSSOM (allowed by a strict style-src CSP). */
export function applyTheme(brand: Pick<Brand, 'colors' | 'theme'>, root: HTMLElement = document.documentElement): void {
  for (const [name, value] of Object.entries(themeVariables(brand))) root.style.setProperty(name, value);
  root.dataset.theme = brand.theme;
}
