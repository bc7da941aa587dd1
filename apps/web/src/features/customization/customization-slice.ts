import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export const FONT_OPTIONS = [
  { label: 'Roboto', value: 'Roboto, sans-serif' },
  { label: 'Poppins', value: 'Poppins, sans-serif' },
  { label: 'Inter', value: 'Inter, sans-serif' },
] as const;

export type FontFamily = (typeof FONT_OPTIONS)[number]['value'];

/** Spec section 9: border radius 4 to 24 px, step 2, default 12. */
export const BORDER_RADIUS = { min: 4, max: 24, step: 2, default: 12 } as const;

export const CUSTOMIZATION_KEY = 'agentdesk_customization';

/** The spec's customization state (section 3). */
export interface CustomizationState {
  /** Ids of the open menu items: selecting one makes it the only one. */
  isOpen: string[];
  fontFamily: FontFamily;
  borderRadius: number;
  /** Whether the left menu is open. */
  opened: boolean;
  navType: 'light' | 'dark';
}

export interface CustomizationRootState {
  customization: CustomizationState;
}

export function isFontFamily(value: unknown): value is FontFamily {
  return FONT_OPTIONS.some((option) => option.value === value);
}

/** Any number brought into the slider's range and onto its steps. */
export function clampBorderRadius(value: number): number {
  if (!Number.isFinite(value)) return BORDER_RADIUS.default;
  const stepped = Math.round((value - BORDER_RADIUS.min) / BORDER_RADIUS.step) * BORDER_RADIUS.step + BORDER_RADIUS.min;
  return Math.min(BORDER_RADIUS.max, Math.max(BORDER_RADIUS.min, stepped));
}

/** The persisted choices: font and radius survive reloads. */
export function loadCustomization(
  storage: Storage = window.localStorage,
): Pick<CustomizationState, 'fontFamily' | 'borderRadius'> {
  const fallback = { fontFamily: FONT_OPTIONS[0].value, borderRadius: BORDER_RADIUS.default };
  try {
    const raw = storage.getItem(CUSTOMIZATION_KEY);
    if (!raw) return fallback;
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return fallback;
    const { fontFamily, borderRadius } = parsed as { fontFamily?: unknown; borderRadius?: unknown };
    return {
      fontFamily: isFontFamily(fontFamily) ? fontFamily : fallback.fontFamily,
      borderRadius: typeof borderRadius === 'number' ? clampBorderRadius(borderRadius) : fallback.borderRadius,
    };
  } catch {
    return fallback;
  }
}

export function saveCustomization(
  state: Pick<CustomizationState, 'fontFamily' | 'borderRadius'>,
  storage: Storage = window.localStorage,
): void {
  try {
    storage.setItem(
      CUSTOMIZATION_KEY,
      JSON.stringify({ fontFamily: state.fontFamily, borderRadius: state.borderRadius }),
    );
  } catch {
    // Storage disabled: the choice still applies until the page is reloaded.
  }
}

/**
 * Where the left menu sits beside the page: the theme's `lg` breakpoint (MUI's default, 1200 px;
 * a test holds the two together). Below it the menu starts closed.
 */
export const MENU_BESIDE_PAGE_QUERY = '(min-width:1200px)';

/**
 * The spec's defaults (section 3), with the choices remembered from the last visit and the menu
 * closed where the screen is too small for it beside the page: the frame would close it on its
 * first render anyway, and a change of the state then re-renders the frame a second time, on a
 * slow phone's busiest moment.
 */
export function initialCustomizationState(): CustomizationState {
  const browser = typeof window !== 'undefined';
  return {
    isOpen: [],
    ...(browser ? loadCustomization() : { fontFamily: FONT_OPTIONS[0].value, borderRadius: BORDER_RADIUS.default }),
    opened:
      browser && typeof window.matchMedia === 'function' ? window.matchMedia(MENU_BESIDE_PAGE_QUERY).matches : true,
    navType: 'light',
  };
}

const customizationSlice = createSlice({
  name: 'customization',
  initialState: initialCustomizationState,
  reducers: {
    menuItemOpened(state, action: PayloadAction<string>) {
      state.isOpen = [action.payload];
    },
    menuOpenedSet(state, action: PayloadAction<boolean>) {
      state.opened = action.payload;
    },
    fontFamilySet(state, action: PayloadAction<FontFamily>) {
      state.fontFamily = action.payload;
    },
    borderRadiusSet(state, action: PayloadAction<number>) {
      state.borderRadius = clampBorderRadius(action.payload);
    },
  },
});

export const { menuItemOpened, menuOpenedSet, fontFamilySet, borderRadiusSet } = customizationSlice.actions;
export const customizationReducer = customizationSlice.reducer;
// One value each: a component re-renders only when what it shows changes (opening a menu item
// does not re-render the theme).
export const selectFontFamily = (state: CustomizationRootState) => state.customization.fontFamily;
export const selectBorderRadius = (state: CustomizationRootState) => state.customization.borderRadius;
export const selectMenuOpened = (state: CustomizationRootState) => state.customization.opened;
export const selectOpenMenuItems = (state: CustomizationRootState) => state.customization.isOpen;
