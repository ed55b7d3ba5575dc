import { describe, expect, it } from 'vitest';
import { leftToRightRuns } from './left-to-right-runs.js';

const isolated = (text: string) =>
  leftToRightRuns(text)
    .filter((piece) => piece.isolate)
    .map((piece) => piece.text);

describe('leftToRightRuns', () => {
  it("isolates each Latin run of an Arabic line, without the line's comma, full stop and spaces", () => {
    const text = 'المنصات: Android 8.0+، iOS 14+. المواصفات الموصى بها: ذاكرة 2 غيغابايت.';
    expect(isolated(text)).toEqual(['Android 8.0+', 'iOS 14+']);
    expect(
      leftToRightRuns(text)
        .map((piece) => piece.text)
        .join(''),
    ).toBe(text);
  });

  it('keeps brackets the run opened and closed, and leaves one it did not open to the line', () => {
    expect(isolated('الحاسوب الشخصي (Windows 10/11). يتطلب')).toEqual(['(Windows 10/11)']);
    expect(isolated('النظام Windows (64-bit) فقط')).toEqual(['Windows (64-bit)']);
    expect(isolated('(النظام Windows 11) فقط')).toEqual(['Windows 11']);
  });

  it('leaves numbers alone, and a text without a Latin run as one plain piece', () => {
    expect(isolated('ذاكرة 4 غيغابايت و 6 غيغابايت')).toEqual([]);
    expect(leftToRightRuns('قصة المنارة')).toEqual([{ text: 'قصة المنارة', isolate: false }]);
    expect(leftToRightRuns('')).toEqual([]);
  });

  it('keeps an address or a product name whole', () => {
    expect(isolated('راسلنا على support@atlas.example أو العب C++ الآن')).toEqual(['support@atlas.example', 'C++']);
  });
});
