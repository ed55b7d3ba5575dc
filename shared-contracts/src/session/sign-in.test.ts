import { describe, expect, it } from 'vitest';
import { loginPath, safeReturnPath } from './sign-in.js';

describe('safeReturnPath (no open redirect after login)', () => {
  it('keeps paths of this site with their query and hash', () => {
    expect(safeReturnPath('/SupportCenter/inquiry?gameId=3#form')).toBe('/SupportCenter/inquiry?gameId=3#form');
    expect(safeReturnPath('/GamesDetails/2')).toBe('/GamesDetails/2');
  });

  it('sends anything else home', () => {
    for (const hostile of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      'evil.example',
      '',
      null,
      undefined,
      '/login?redirect=/x',
      '/.//evil.example',
      '/..//evil.example/x',
      '/a/..//evil.example',
      '/%2e//evil.example',
      '/\t/evil.example',
      '/\n//evil.example',
    ]) {
      expect(safeReturnPath(hostile)).toBe('/');
    }
  });
});

describe('loginPath', () => {
  it('carries the way back, except home', () => {
    expect(loginPath('/UserCenter')).toBe('/login?redirect=%2FUserCenter');
    expect(loginPath('/')).toBe('/login');
    expect(loginPath('//evil.example')).toBe('/login');
  });
});
