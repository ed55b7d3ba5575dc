import type { BrandId } from 'shared-contracts';
import atlasFavicon from '../brand-assets/atlas/favicon.svg';
import atlasLogo from '../brand-assets/atlas/logo.svg';
import aurumFavicon from '../brand-assets/aurum/favicon.svg';
import aurumLogo from '../brand-assets/aurum/logo.svg';
import formosaFavicon from '../brand-assets/formosa/favicon.svg';
import formosaLogo from '../brand-assets/formosa/logo.svg';
import hikariFavicon from '../brand-assets/hikari/favicon.svg';
import hikariLogo from '../brand-assets/hikari/logo.svg';
import novaFavicon from '../brand-assets/nova/favicon.svg';
import novaLogo from '../brand-assets/nova/logo.svg';
import sakuraFavicon from '../brand-assets/sakura/favicon.svg';
import sakuraLogo from '../brand-assets/sakura/logo.svg';
import verdaFavicon from '../brand-assets/verda/favicon.svg';
import verdaLogo from '../brand-assets/verda/logo.svg';

/** Each brand's logo and favicon (our own artwork, DESIGN §6), as content-hashed URLs. */
export const BRAND_ASSETS: Record<BrandId, { logo: string; favicon: string }> = {
  nova: { logo: novaLogo, favicon: novaFavicon },
  hikari: { logo: hikariLogo, favicon: hikariFavicon },
  sakura: { logo: sakuraLogo, favicon: sakuraFavicon },
  formosa: { logo: formosaLogo, favicon: formosaFavicon },
  atlas: { logo: atlasLogo, favicon: atlasFavicon },
  aurum: { logo: aurumLogo, favicon: aurumFavicon },
  verda: { logo: verdaLogo, favicon: verdaFavicon },
};
