// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { forgetKeptFields, keepField, readKeptFields } from './kept-fields.js';

beforeEach(() => sessionStorage.clear());

describe('kept fields', () => {
  it("keeps each form's fields apart, in session storage only, and drops an emptied field and then the entry", () => {
    keepField('login', 'account', 'player1');
    keepField('other', 'name', 'x');
    expect(readKeptFields('login')).toEqual({ account: 'player1' });
    expect(localStorage.length).toBe(0);
    keepField('login', 'account', '');
    expect(readKeptFields('login')).toEqual({});
    expect(sessionStorage.getItem('kept_fields:login')).toBeNull();
    forgetKeptFields('other');
    expect(sessionStorage.length).toBe(0);
  });

  it('reads a damaged entry as nothing kept, and only its text values', () => {
    sessionStorage.setItem('kept_fields:login', '{broken');
    expect(readKeptFields('login')).toEqual({});
    sessionStorage.setItem('kept_fields:login', JSON.stringify({ account: 'a', remember: true }));
    expect(readKeptFields('login')).toEqual({ account: 'a' });
  });
});
