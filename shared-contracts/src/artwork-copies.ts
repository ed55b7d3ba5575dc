/**
 * Game artwork in the size and format a screen needs (issue 13). Besides the file `imageConfig` names (SPEC §3, WebP),
 * the API publishes each banner and cover in AVIF, and a phone copy of each in both formats, beside it and named
 * after it: `<dir>/banner.webp` also comes as `banner.avif`, `banner-phone.webp` and `banner-phone.avif`.
 * api/scripts/artwork-variants.mjs writes them and api/test/artwork.test.ts checks that every game has them all.
 */
export const ARTWORK_KINDS = ['banner', 'cover'] as const;
export type ArtworkKind = (typeof ARTWORK_KINDS)[number];

/**
 * The phone copies' pixel sizes. Phones show a banner in a 4:3 box (object-fit: cover crops the wide original to it),
 * so its phone copy is that centre crop at the original's own resolution; a cover fills half a phone's width, and its
 * copy suits screens of up to 2.5 device pixels per CSS pixel.
 */
export const ARTWORK_PHONE_SIZES: Record<ArtworkKind, { width: number; height: number }> = {
  banner: { width: 667, height: 500 },
  cover: { width: 480, height: 640 },
};

/** Screens that get the phone copies: the width below which the catalogue lays banners out 4:3. */
export const ARTWORK_PHONE_MEDIA = '(max-width: 40rem)';

export type ArtworkFormat = 'avif' | 'webp';

/** One copy of a piece of artwork, next to the original at `url`. */
export function artworkCopyUrl(url: string, copy: 'original' | 'phone', format: ArtworkFormat): string {
  return url.replace(/\.webp$/, `${copy === 'phone' ? '-phone' : ''}.${format}`);
}
