import { describe, expect, it } from 'vitest';
import { formatFileTypes } from './format.js';

describe('formatFileTypes', () => {
  it('separates the types in every language, Japanese and Chinese included, and a line may break after each separator', () => {
    const types = ['gif', 'jpg', 'png'];
    expect(formatFileTypes(types, 'en')).toBe('.gif, .jpg, or .png');
    expect(formatFileTypes(types, 'ja')).toBe('.gif、\u200b.jpg、または\u200b.png');
    expect(formatFileTypes(types, 'zh-TW')).toBe('.gif、\u200b.jpg或\u200b.png');
    expect(formatFileTypes(types, 'ko')).toBe('.gif, .jpg 또는 .png');
  });
});
