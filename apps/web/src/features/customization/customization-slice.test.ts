import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppTheme } from '../../app/theme';
import {
  BORDER_RADIUS,
  CUSTOMIZATION_KEY,
  clampBorderRadius,
  customizationReducer,
  initialCustomizationState,
  loadCustomization,
  MENU_BESIDE_PAGE_QUERY,
  menuItemOpened,
} from './customization-slice';

describe('customization', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('starts with the menu closed where the screen is smaller than the theme puts it beside the page', () => {
    const theme = createAppTheme({ fontFamily: 'Roboto, sans-serif', borderRadius: 12 });
    expect(`@media ${MENU_BESIDE_PAGE_QUERY}`).toBe(theme.breakpoints.up('lg'));
    const asked: string[] = [];
    const screenOf = (width: number) => (query: string) => {
      asked.push(query);
      return { matches: width >= 1200 } as MediaQueryList;
    };
    vi.stubGlobal('matchMedia', screenOf(360));
    expect(initialCustomizationState().opened).toBe(false);
    vi.stubGlobal('matchMedia', screenOf(1280));
    expect(initialCustomizationState().opened).toBe(true);
    expect(asked).toEqual([MENU_BESIDE_PAGE_QUERY, MENU_BESIDE_PAGE_QUERY]);
  });

  it('keeps the radius between 4 and 24 on steps of 2 (spec section 9)', () => {
    expect(BORDER_RADIUS).toEqual({ min: 4, max: 24, step: 2, default: 12 });
    expect(clampBorderRadius(1)).toBe(4);
    expect(clampBorderRadius(99)).toBe(24);
    expect(clampBorderRadius(13)).toBe(14);
    expect(clampBorderRadius(Number.NaN)).toBe(12);
  });

  it('makes a selected menu item the only open one', () => {
    const state = customizationReducer(
      { ...initialCustomizationState(), isOpen: ['data', 'airtime'] },
      menuItemOpened('cable'),
    );
    expect(state.isOpen).toEqual(['cable']);
  });

  it('ignores stored values it does not know', () => {
    window.localStorage.setItem(CUSTOMIZATION_KEY, JSON.stringify({ fontFamily: 'Comic Sans', borderRadius: 200 }));
    expect(loadCustomization()).toEqual({ fontFamily: 'Roboto, sans-serif', borderRadius: 24 });
    window.localStorage.setItem(CUSTOMIZATION_KEY, '{broken');
    expect(loadCustomization()).toEqual({ fontFamily: 'Roboto, sans-serif', borderRadius: 12 });
  });
});
