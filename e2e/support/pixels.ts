import jpeg from 'jpeg-js';
import type { Locator } from '@playwright/test';

/** WCAG relative luminance of an sRGB pixel. */
export function luminance(red: number, green: number, blue: number): number {
  const linear = (channel: number) => {
    const value = channel / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue);
}

/** The WCAG contrast ratio of two luminances. */
export function contrast(a: number, b: number): number {
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/**
 * An element as painted (computed styles keep the author's colours where forced colours replace them): its
 * screenshot, and the luminance at a point of it, from its top left.
 */
export async function painted(element: Locator): Promise<{ width: number; height: number; at: (x: number, y: number) => number }> {
  const shot = jpeg.decode(await element.screenshot({ type: 'jpeg', quality: 100 }), { useTArray: true });
  return {
    width: shot.width,
    height: shot.height,
    at: (x, y) => {
      const index = (Math.round(y) * shot.width + Math.round(x)) * 4;
      return luminance(shot.data[index] ?? 0, shot.data[index + 1] ?? 0, shot.data[index + 2] ?? 0);
    },
  };
}
