import { describe, expect, it } from 'vitest';
import { requestedPageContext, viewSearch } from './page-context.js';

const sources = (host: string, search = '', storedArea: string | null = null, storedLanguage: string | null = null) => ({
  host,
  search,
  storedArea,
  storedLanguage,
});

describe('requestedPageContext: one reading of brand, area and language for the browser and the server', () => {
  it('gives a first visit the brand default area and its language', () => {
    expect(requestedPageContext(sources('hikari.localhost:8080'))).toMatchObject({
      askedArea: 'jp',
      area: 'jp',
      language: 'ja',
      areaFromUrl: false,
    });
    expect(requestedPageContext(sources('jp.aurum.localhost'))).toMatchObject({ area: 'jp', language: 'ja' });
  });

  it("takes the URL's area and language first, then the stored choice", () => {
    expect(requestedPageContext(sources('atlas.localhost', '?self_area=eru&spec_lang=ar'))).toMatchObject({
      area: 'eru',
      language: 'ar',
      areaFromUrl: true,
    });
    expect(requestedPageContext(sources('atlas.localhost', '?self_lang=de'))).toMatchObject({ language: 'de' });
    expect(requestedPageContext(sources('atlas.localhost', '', 'eru', 'fr'))).toMatchObject({ area: 'eru', language: 'fr' });
  });

  it('ignores a stored area the brand does not serve, and values the platform does not know', () => {
    const context = requestedPageContext(sources('hikari.localhost', '?spec_lang=xx', 'eru', '<script>'));
    expect(context).toMatchObject({ askedArea: 'jp', area: 'jp', language: 'ja' });
  });

  it("reports the brand's own area when the URL asks for one it does not serve", () => {
    expect(requestedPageContext(sources('hikari.localhost', '?self_area=eru'))).toMatchObject({
      askedArea: 'eru',
      area: 'jp',
      areaFromUrl: true,
    });
  });
});

describe('viewSearch: the part of a page query its view may depend on', () => {
  it('keeps only what a view reads: the area and language travel on their own, credentials and the rest never', () => {
    expect(viewSearch('?spec_lang=en&game=3&self_area=eru')).toBe('game=3');
    expect(viewSearch('oauth_token=secret&game=3&code=c&state=s&utm_source=x')).toBe('game=3');
    expect(viewSearch('b=2&a=1&self_lang=ko')).toBe('');
  });

  it('is empty for a query of area and language only, or none', () => {
    expect(viewSearch('?spec_lang=en&self_area=eru')).toBe('');
    expect(viewSearch('')).toBe('');
  });
});
