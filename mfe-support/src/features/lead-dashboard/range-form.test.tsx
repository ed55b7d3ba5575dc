// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { setI18n } from 'react-i18next';
import { addNamespace, i18next, initI18n } from 'shared-contracts';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RangeForm, type Range } from './range-form.js';

// React's act() needs to know it runs in a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

beforeAll(async () => {
  await initI18n('en');
  await addNamespace('support', (language) => import(`../../../locales/${language}/support.json`));
  setI18n(i18next);
});

afterEach(() => {
  document.body.innerHTML = '';
});

/** The form with `range` typed in, after Show was pressed: what has the focus, what the page says, what was asked. */
async function showRange(range: Range) {
  const region = document.body.appendChild(document.createElement('div'));
  const onChange = vi.fn();
  const root = createRoot(region);
  await act(async () => root.render(<RangeForm range={range} onChange={onChange} />));
  const show = region.querySelector<HTMLButtonElement>('[data-testid="lead-show"]');
  show?.focus();
  await act(async () => show?.click());
  const focused = document.activeElement;
  const result = {
    focused: focused instanceof HTMLElement ? (focused.dataset.testid ?? focused.tagName) : null,
    alert: region.querySelector('[role="alert"]')?.textContent ?? null,
    invalid: [...region.querySelectorAll('[aria-invalid="true"]')].map((field) => (field as HTMLElement).dataset.testid),
    onChange,
  };
  await act(async () => root.unmount());
  return result;
}

describe("the lead dashboard's range form (QA34 finding 8)", () => {
  it('moves the focus to the "to" field when the range is reversed or too long, as every other form does', async () => {
    for (const [range, key] of [
      [{ from: '2026-11-20', to: '2026-11-01' }, 'rangeReversed'],
      [{ from: '2024-01-01', to: '2026-11-01' }, 'rangeTooLong'],
    ] as const) {
      const shown = await showRange(range);
      expect(shown.focused, JSON.stringify(range)).toBe('lead-to');
      expect(shown.invalid).toEqual(['lead-to']);
      expect(shown.alert).toBe(i18next.t(`support:errors.${key}`));
      expect(shown.onChange).not.toHaveBeenCalled();
    }
  });

  it('moves the focus to the "from" field when that day does not exist', async () => {
    const shown = await showRange({ from: '2026-02-30', to: '2026-03-10' });
    expect(shown.focused).toBe('lead-from');
    expect(shown.invalid).toEqual(['lead-from']);
  });

  it('leaves the focus on Show and shows the range when it is fine', async () => {
    const shown = await showRange({ from: '2026-11-01', to: '2026-11-20' });
    expect(shown.focused).toBe('lead-show');
    expect(shown.alert).toBeNull();
    expect(shown.onChange).toHaveBeenCalledWith({ from: '2026-11-01', to: '2026-11-20' });
  });
});
