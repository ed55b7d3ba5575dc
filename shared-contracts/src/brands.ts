import type { Area } from './areas.js';

export const BRAND_IDS = ['nova', 'hikari', 'sakura', 'formosa', 'atlas', 'aurum', 'verda'] as const;
export type BrandId = (typeof BRAND_IDS)[number];

export type Theme = 'blue' | 'purple' | 'purple-rose' | 'dark-blue' | 'navy' | 'gold' | 'green';
export type FooterKind = 'standard' | 'japanese' | 'taiwan' | 'japanese-settlement';
export type CarouselLayout = 'wide' | 'cards';

export interface ThemeColors {
  /** Brand colour: buttons, links, the browser's theme-color. */
  primary: string;
  /** Text on the primary colour. */
  onPrimary: string;
  /** Page background. */
  background: string;
  /** Cards, menus and dialogs. */
  surface: string;
  /** Body text on background and surface. */
  text: string;
  /** Secondary text; at least 4.5:1 on surface. */
  muted: string;
  /** Accent for dots and highlights. */
  accent: string;
}

export interface Brand {
  id: BrandId;
  /** The brand's own name, shown in the title and footer (our invented brands, never real trademarks). */
  name: string;
  company: string;
  theme: Theme;
  colors: ThemeColors;
  carousel: CarouselLayout;
  /** Areas this brand serves; the first is its default (DESIGN §6). */
  areas: readonly Area[];
  footer: FooterKind;
  userCenter: boolean;
  topUp: boolean;
  /** The brand's corporate site; legal pages and contact live there (configuration, not product behaviour). */
  siteUrl: string;
  contactEmail: string;
}

const blue: ThemeColors = {
  primary: '#1d5fd1',
  onPrimary: '#ffffff',
  background: '#f4f7fc',
  surface: '#ffffff',
  text: '#14213d',
  muted: '#4a5670',
  accent: '#e5383b',
};

export const BRANDS: Record<BrandId, Brand> = {
  nova: {
    id: 'nova',
    name: 'Nova Games',
    company: 'Nova Interactive Ltd.',
    siteUrl: 'https://www.nova.example',
    contactEmail: 'support@nova.example',
    theme: 'blue',
    colors: blue,
    carousel: 'wide',
    areas: ['kr', 'eru', 'vn'],
    footer: 'standard',
    userCenter: true,
    topUp: true,
  },
  hikari: {
    id: 'hikari',
    name: 'Hikari Play',
    company: 'Hikari Play K.K.',
    siteUrl: 'https://www.hikari.example',
    contactEmail: 'support@hikari.example',
    theme: 'purple',
    colors: { ...blue, primary: '#6a3fc1', background: '#f7f4fd', text: '#22163d', muted: '#54496b', accent: '#e0457b' },
    carousel: 'cards',
    areas: ['jp'],
    footer: 'japanese',
    userCenter: true,
    topUp: true,
  },
  sakura: {
    id: 'sakura',
    name: 'Sakura Arcade',
    company: 'Sakura Arcade K.K.',
    siteUrl: 'https://www.sakura.example',
    contactEmail: 'support@sakura.example',
    theme: 'purple-rose',
    colors: { ...blue, primary: '#8b3a9e', background: '#fcf4fa', text: '#2e1433', muted: '#5e4763', accent: '#d6336c' },
    carousel: 'cards',
    areas: ['jp'],
    footer: 'japanese',
    userCenter: true,
    topUp: true,
  },
  formosa: {
    id: 'formosa',
    name: 'Formosa Games',
    company: 'Formosa Digital Co., Ltd.',
    siteUrl: 'https://www.formosa.example',
    contactEmail: 'support@formosa.example',
    theme: 'dark-blue',
    colors: {
      primary: '#4d8dff',
      onPrimary: '#08142b',
      background: '#0b1630',
      surface: '#13224a',
      text: '#e8eefc',
      muted: '#b3c0dd',
      accent: '#ff6b6b',
    },
    carousel: 'wide',
    areas: ['twhk'],
    footer: 'taiwan',
    userCenter: true,
    topUp: true,
  },
  atlas: {
    id: 'atlas',
    name: 'Atlas Play',
    company: 'Atlas Play Pte. Ltd.',
    siteUrl: 'https://www.atlas.example',
    contactEmail: 'support@atlas.example',
    theme: 'navy',
    colors: { ...blue, primary: '#1f3a68', background: '#f2f4f8', text: '#111c30', muted: '#4b5568', accent: '#f25c54' },
    carousel: 'wide',
    areas: ['sea', 'eru', 'vn'],
    footer: 'standard',
    userCenter: true,
    topUp: true,
  },
  aurum: {
    id: 'aurum',
    name: 'Aurum Games',
    company: 'Aurum Entertainment Inc.',
    siteUrl: 'https://www.aurum.example',
    contactEmail: 'support@aurum.example',
    theme: 'gold',
    colors: {
      primary: '#8a6100',
      onPrimary: '#ffffff',
      background: '#fbf8f0',
      surface: '#ffffff',
      text: '#2b2108',
      muted: '#5f5234',
      accent: '#c0392b',
    },
    carousel: 'cards',
    areas: ['kr', 'jp'],
    footer: 'standard',
    userCenter: false,
    topUp: true,
  },
  verda: {
    id: 'verda',
    name: 'Verda Play',
    company: 'Verda Play Sdn. Bhd.',
    siteUrl: 'https://www.verda.example',
    contactEmail: 'support@verda.example',
    theme: 'green',
    colors: { ...blue, primary: '#17734a', background: '#f2f8f4', text: '#10261b', muted: '#45594e', accent: '#d64545' },
    carousel: 'wide',
    areas: ['sea', 'vn'],
    footer: 'standard',
    userCenter: false,
    topUp: false,
  },
};

export const DEFAULT_BRAND: BrandId = 'nova';

/** Same-origin paths the site's server forwards to the API (SPEC §7 "proxy path"); -demo hosts use the beta API. */
export const API_BASES = { production: '/api', beta: '/api-beta' } as const;
export type ApiChannel = keyof typeof API_BASES;

export interface ResolvedBrand extends Brand {
  /** The area a first visit gets; the Japanese variant of aurum defaults to jp. */
  defaultArea: Area;
  /** The footer this host shows (aurum's Japanese variant adds settlement and commerce-law links). */
  footerKind: FooterKind;
  apiChannel: ApiChannel;
  apiBase: string;
}

const HOST_PATTERN = /^[a-z0-9.-]{1,253}(:\d{1,5})?$/i;

/**
 * A Host or X-Forwarded-Host header as the platform reads it: the first host of a proxy chain (`a.example,
 * b.internal`), lowercased, or '' for a malformed one, which is the default brand's. The API and the page server read
 * hosts with this one function: a host the API refused (`a_b.verda.example.com`) was verda's for the page server, so
 * the API's answer for the default brand was kept as verda's, for every guest of verda (security review 2026-11-27).
 */
export function readHost(header: string | readonly string[] | undefined): string {
  const single = typeof header === 'string' ? header : header?.[0];
  const candidate = single?.split(',')[0]?.trim() ?? '';
  return HOST_PATTERN.test(candidate) ? candidate.toLowerCase() : '';
}

/**
 * The brand a host belongs to (DESIGN §6): the first DNS label naming a brand, optionally with `-demo`
 * (beta API). A `jp.` label right before aurum selects its Japanese variant. Unknown hosts get the default brand,
 * so plain `localhost` and any unlisted production host still render a working site.
 */
export function resolveBrand(host: string): ResolvedBrand {
  const hostname = host.toLowerCase().replace(/:\d+$/, '');
  const labels = hostname.split('.');
  let brandId: BrandId = DEFAULT_BRAND;
  let apiChannel: ApiChannel = 'production';
  let labelIndex = -1;
  for (const [index, label] of labels.entries()) {
    const demo = label.endsWith('-demo');
    const name = demo ? label.slice(0, -'-demo'.length) : label;
    if ((BRAND_IDS as readonly string[]).includes(name)) {
      brandId = name as BrandId;
      labelIndex = index;
      if (demo) apiChannel = 'beta';
      break;
    }
  }
  if (labelIndex === -1 && labels.some((label) => label.endsWith('-demo'))) apiChannel = 'beta';
  const brand = BRANDS[brandId];
  const japaneseVariant = brandId === 'aurum' && labelIndex > 0 && labels[labelIndex - 1] === 'jp';
  return {
    ...brand,
    defaultArea: japaneseVariant ? 'jp' : (brand.areas[0] ?? 'kr'),
    footerKind: japaneseVariant ? 'japanese-settlement' : brand.footer,
    apiChannel,
    apiBase: API_BASES[apiChannel],
  };
}

/** The area the API reports for a request (DESIGN §6): the requested area when the brand serves it, else its default. */
export function effectiveArea(brand: Pick<ResolvedBrand, 'areas' | 'defaultArea'>, requested: string | null | undefined): Area {
  const served = brand.areas.find((area) => area === requested);
  return served ?? brand.defaultArea;
}

export type LegalPage = 'privacy' | 'terms' | 'user-agreement' | 'commerce-law' | 'fund-settlement';

/** Where a brand's legal page lives on its corporate site (SPEC §2 footers; targets are configuration). */
export function legalUrl(brand: Pick<Brand, 'siteUrl'>, page: LegalPage): string {
  return `${brand.siteUrl}/legal/${page}`;
}
