// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { platformLink } from './navigation.js';

function click(overrides: Partial<{ button: number; metaKey: boolean; ctrlKey: boolean; shiftKey: boolean; altKey: boolean }> = {}) {
  let prevented = false;
  return {
    event: {
      button: 0,
      metaKey: false,
      ctrlKey: false,
      shiftKey: false,
      altKey: false,
      ...overrides,
      preventDefault: () => (prevented = true),
    },
    prevented: () => prevented,
  };
}

describe('platformLink', () => {
  it('navigates inside the site through single-spa on a plain click', () => {
    const visited: string[] = [];
    window.singleSpaNavigate = (url) => visited.push(url);
    let closed = false;
    const link = platformLink('/SupportCenter', () => (closed = true));
    const plain = click();
    link.onClick(plain.event);
    expect(link.href).toBe('/SupportCenter');
    expect(plain.prevented()).toBe(true);
    expect(closed).toBe(true);
    expect(visited).toEqual(['/SupportCenter']);
  });

  it('leaves modified and middle clicks to the browser (new tab, new window)', () => {
    const visited: string[] = [];
    window.singleSpaNavigate = (url) => visited.push(url);
    for (const modified of [{ metaKey: true }, { ctrlKey: true }, { shiftKey: true }, { button: 1 }]) {
      const attempt = click(modified);
      platformLink('/login').onClick(attempt.event);
      expect(attempt.prevented()).toBe(false);
    }
    expect(visited).toEqual([]);
  });
});
