import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONTRACT_VERSION, isCompatibleContract } from './version.js';

describe('contract version', () => {
  it('is the package version, which the build stamps into every remote', () => {
    const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(CONTRACT_VERSION).toBe(manifest.version);
  });

  it('accepts the same major and refuses another', () => {
    expect(isCompatibleContract('1.4.2', '1.0.0')).toBe(true);
    expect(isCompatibleContract('2.0.0', '1.0.0')).toBe(false);
    expect(isCompatibleContract('garbage', '1.0.0')).toBe(false);
  });
});
