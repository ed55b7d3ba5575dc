import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { memoisingTranslations } from './server-translations.js';

async function instanceWithMessages() {
  const instance = i18next.createInstance();
  await instance.init({
    lng: 'en',
    fallbackLng: false,
    ns: ['catalog'],
    defaultNS: 'catalog',
    interpolation: { escapeValue: false },
    resources: {
      en: {
        catalog: {
          title: 'All games',
          slide: 'Slide {{index}} of {{count}}: {{title}}',
          games_one: '{{count}} game',
          games_other: '{{count}} games',
        },
      },
      ko: { catalog: { title: '전체 게임', slide: '{{count}}개 중 {{index}}번째: {{title}}', games_other: '게임 {{count}}개' } },
    },
  });
  return instance;
}

describe("memoisingTranslations: the server renders' i18next", () => {
  it("gives each language the texts i18next's own t gives, and makes each only once", async () => {
    const instance = await instanceWithMessages();
    const translations = memoisingTranslations(instance);
    const asked = vi.spyOn(instance, 't');
    for (const language of ['en', 'ko']) {
      const own = instance.getFixedT(language, 'catalog');
      const memoising = translations.getFixedT(language, 'catalog');
      const calls: [string, Record<string, unknown>?][] = [
        ['title'],
        ['slide', { index: 2, count: 8, title: 'Clover Hollow' }],
        ['games', { count: 1 }],
        ['games', { count: 5 }],
        ['missing.key'],
      ];
      for (const [key, options] of calls) {
        const expected = own(key, options);
        asked.mockClear();
        expect(memoising(key, options)).toBe(expected);
        expect(memoising(key, options)).toBe(expected);
        expect(asked).toHaveBeenCalledTimes(1);
      }
    }
  });

  it('hands every component of a language the same t, and reads everything else from i18next', async () => {
    const instance = await instanceWithMessages();
    const translations = memoisingTranslations(instance);
    expect(translations.getFixedT('ko', 'catalog')).toBe(translations.getFixedT('ko', 'catalog'));
    expect(translations.getFixedT('ko', 'catalog')).not.toBe(translations.getFixedT('en', 'catalog'));
    await instance.changeLanguage('ko');
    expect([translations.language, translations.dir('ar'), translations.hasResourceBundle('ko', 'catalog')]).toEqual(['ko', 'rtl', true]);
  });

  it('starts afresh when messages are added, and leaves options it cannot compare to i18next', async () => {
    const instance = await instanceWithMessages();
    const translations = memoisingTranslations(instance);
    expect(translations.getFixedT('en', 'catalog')('later')).toBe('later');
    instance.addResourceBundle('en', 'catalog', { later: 'Loaded later' }, true, false);
    expect(translations.getFixedT('en', 'catalog')('later')).toBe('Loaded later');

    const asked = vi.spyOn(instance, 't');
    const t = translations.getFixedT('en', 'catalog');
    const withObject = { count: 2, context: undefined, replace: { title: 'Mythdeck Arena' } };
    t('games', withObject);
    t('games', withObject);
    expect(asked).toHaveBeenCalledTimes(2);
  });
});
