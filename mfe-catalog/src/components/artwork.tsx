import { ARTWORK_PHONE_MEDIA, artworkCopyUrl } from 'shared-contracts';
import type { ImgHTMLAttributes, Ref } from 'react';
import styles from './artwork.module.css';

type ArtworkProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet'> & {
  /** The image element, once in the page. */
  ref?: Ref<HTMLImageElement>;
  /** The original's URL from `imageConfig`; null leaves the image empty (a banner not wanted yet). */
  src: string | null;
  /** False where the image keeps the original's shape on phones too (the phone banner is cropped to 4:3). */
  phoneCopy?: boolean;
  /**
   * False where decoding matters more than bytes: an AVIF copy took two to three times the CPU of its WebP to decode
   * in Chromium (createImageBitmap over the phone covers and banners, 26 November 2026), for about a quarter fewer bytes.
   */
  avif?: boolean;
};

/**
 * A game's banner or cover in the copy the screen needs (shared-contracts/src/artwork.ts): the phone copy on a
 * phone, AVIF where the browser takes it, the WebP original otherwise. A copy the API lacks costs a broken image,
 * which api/test/artwork.test.ts rules out for every game.
 */
export function Artwork({ src, phoneCopy = true, avif = true, ...image }: ArtworkProps) {
  return (
    <picture className={styles.picture}>
      {src ? (
        <>
          {phoneCopy ? (
            <>
              {avif ? <source media={ARTWORK_PHONE_MEDIA} type="image/avif" srcSet={artworkCopyUrl(src, 'phone', 'avif')} /> : null}
              <source media={ARTWORK_PHONE_MEDIA} type="image/webp" srcSet={artworkCopyUrl(src, 'phone', 'webp')} />
            </>
          ) : null}
          {avif ? <source type="image/avif" srcSet={artworkCopyUrl(src, 'original', 'avif')} /> : null}
        </>
      ) : null}
      <img {...image} src={src ?? undefined} />
    </picture>
  );
}
