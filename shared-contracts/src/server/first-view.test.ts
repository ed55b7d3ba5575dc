import { describe, expect, it, vi } from 'vitest';
import { LANGUAGES } from '../areas.js';
import { i18next } from '../i18n/i18n.js';
import { dataIsland, escapeJsonForHtml, parseFirstViewRequest, prepareMessages } from './first-view.js';

describe('data islands', () => {
  it('cannot close their script element or start markup, whatever the texts hold', () => {
    const hostile = { title: '</script><script>alert(1)</script> & <!-- \u2028\u2029' };
    const island = dataIsland('catalog-games', 'en', hostile);
    expect(island.match(/<\/script>/g)).toHaveLength(1);
    expect(island).not.toMatch(/<!--|<script>alert/);
    expect(JSON.parse(escapeJsonForHtml(hostile))).toEqual(hostile);
  });

  it('serialise an answer the renders share once, however many fragments carry it', () => {
    const games = [{ id: 1, title: 'Star Harbor & <friends>' }];
    const serialised = vi.spyOn(JSON, 'stringify');
    try {
      const first = dataIsland('catalog-games', 'ko', games);
      expect(dataIsland('catalog-games', 'ko', games)).toBe(first);
      expect(dataIsland('catalog-games', 'ko', [...games])).toBe(first);
      expect(serialised).toHaveBeenCalledTimes(2);
    } finally {
      serialised.mockRestore();
    }
  });
});

describe('parseFirstViewRequest', () => {
  it('takes a page of the platform in a known area and language', () => {
    expect(parseFirstViewRequest({ path: '/GamesDetails/3', host: 'hikari.localhost', area: 'jp', lang: 'ja' })).toEqual({
      path: '/GamesDetails/3',
      host: 'hikari.localhost',
      area: 'jp',
      language: 'ja',
      search: '',
    });
    expect(parseFirstViewRequest({ path: '/SupportCenter/question', host: 'h', area: 'jp', lang: 'ja', search: 'game=3' })?.search).toBe(
      'game=3',
    );
  });

  it('refuses anything else', () => {
    for (const query of [
      {},
      { path: 'x', host: 'h', area: 'jp', lang: 'ja' },
      { path: '/', host: 'h', area: 'mars', lang: 'ja' },
      { path: '/', host: 'h', area: 'jp', lang: 'xx' },
      { path: '/', host: 'h', area: 'jp', lang: 'ja', search: ['a', 'b'] },
      { path: '/', host: 'h', area: 'jp', lang: 'ja', search: `game=${'3'.repeat(300)}` },
    ]) {
      expect(parseFirstViewRequest(query)).toBeNull();
    }
  });
});

describe('prepareMessages', () => {
  it("loads every language's messages before the process has rendered anything", async () => {
    await prepareMessages({ catalog: async (language) => ({ greeting: `hello in ${language}` }) });
    for (const language of LANGUAGES) {
      expect(i18next.hasResourceBundle(language, 'common')).toBe(true);
      expect(i18next.getResource(language, 'catalog', 'greeting')).toBe(`hello in ${language}`);
    }
  });
});
