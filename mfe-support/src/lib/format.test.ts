import { describe, expect, it } from 'vitest';
import { formatFileTypes } from './format.js';

describe('formatFileTypes', () => {
  it('separates the types in every language, Japanese and Chinese included', () => {
    const types = ['gif', 'jpg', 'png'];
    expect(formatFileTypes(types, 'en')).toBe('.gif, .jpg, or .png');
    expect(formatFileTypes(types, 'ja')).toBe('.gif、.jpg、または.png');
    expect(formatFileTypes(types, 'zh-TW')).toBe('.gif、.jpg或.png');
    expect(formatFileTypes(types, 'ko')).toBe('.gif, .jpg 또는 .png');
  });
});
