import { describe, expect, it } from 'vitest';
import { BRAND_IDS, effectiveArea, readHost, resolveBrand } from './brands.js';

describe('readHost: a Host header as the API and the page server both read it', () => {
  it('takes the first host of a proxy chain, lowercased, with its port', () => {
    expect(readHost('Verda.Example.com:8443, edge.internal')).toBe('verda.example.com:8443');
    expect(readHost(['hikari.localhost', 'other'])).toBe('hikari.localhost');
  });

  it('reads a malformed host as none, the default brand, not as the brand a label of it names', () => {
    expect(readHost('a_b.verda.example.com')).toBe('');
    expect(resolveBrand(readHost('a_b.verda.example.com')).id).toBe(resolveBrand('').id);
    expect(readHost('verda.example.com/x')).toBe('');
    expect(readHost(undefined)).toBe('');
  });
});

describe('resolveBrand', () => {
  it('finds every brand by its local host, with and without a port', () => {
    for (const id of BRAND_IDS) {
      expect(resolveBrand(`${id}.localhost`).id).toBe(id);
      expect(resolveBrand(`${id}.localhost:8080`).id).toBe(id);
    }
  });

  it('gives plain localhost and unknown hosts the default brand', () => {
    expect(resolveBrand('localhost:8080').id).toBe('nova');
    expect(resolveBrand('example.org').id).toBe('nova');
  });

  it('selects the beta API for -demo hosts and the production API otherwise', () => {
    expect(resolveBrand('hikari-demo.localhost').id).toBe('hikari');
    expect(resolveBrand('hikari-demo.localhost').apiBase).toBe('/api-beta');
    expect(resolveBrand('hikari.localhost').apiBase).toBe('/api');
  });

  it('knows the Japanese variant of aurum: area jp and the settlement footer', () => {
    const variant = resolveBrand('jp.aurum.localhost');
    expect(variant).toMatchObject({ id: 'aurum', defaultArea: 'jp', footerKind: 'japanese-settlement' });
    expect(resolveBrand('aurum.localhost')).toMatchObject({ defaultArea: 'kr', footerKind: 'standard' });
  });

  it('carries the brand table of DESIGN §6', () => {
    expect(resolveBrand('verda.localhost')).toMatchObject({ topUp: false, userCenter: false, carousel: 'wide' });
    expect(resolveBrand('sakura.localhost')).toMatchObject({ footerKind: 'japanese', carousel: 'cards', userCenter: true });
    expect(resolveBrand('formosa.localhost')).toMatchObject({ footerKind: 'taiwan', defaultArea: 'twhk' });
    expect(BRAND_IDS.filter((id) => resolveBrand(`${id}.localhost`).userCenter)).toHaveLength(5);
  });
});

describe('effectiveArea', () => {
  it('keeps a served area and falls back to the default otherwise', () => {
    expect(effectiveArea(resolveBrand('atlas.localhost'), 'eru')).toBe('eru');
    expect(effectiveArea(resolveBrand('hikari.localhost'), 'kr')).toBe('jp');
    expect(effectiveArea(resolveBrand('jp.aurum.localhost'), null)).toBe('jp');
    expect(effectiveArea(resolveBrand('nova.localhost'), 'nowhere')).toBe('kr');
  });
});
