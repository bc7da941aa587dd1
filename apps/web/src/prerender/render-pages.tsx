import { isValidElement, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { setConfig } from '../lib/config';
import type { AppRouter } from '../app/app';
import { DashboardRoute } from '../app/dashboard-route';
import { SignedInOnly } from '../app/guards';
import { homeLoader } from '../app/route-prefetch';
import type { RouteHandle } from '../app/layout/app-breadcrumbs';
import { Frame } from '../app/layout/main-layout';
import { menuLeaves } from '../app/layout/menu-items';
import { routes } from '../app/routes';
import { createAppStore } from '../app/store';
import { createAppTheme, VARIABLE_CHOICES } from '../app/theme';
import { menuItemOpened } from '../features/customization/customization-slice';
import { GUEST_SCREENS, GuestPage, type GuestScreen } from '../guest/guest-page';
import { bootScript } from './boot-script';
import { earlyHomeScript } from './early-home-script';

/**
 * What the pages hold where the server's runtime configuration goes: the server replaces them
 * (apps/server/src/http/web-app.ts), the base path in links and the brand name in text.
 */
export const PLACEHOLDERS = { basePath: '/agentdesk-prerendered-base', brandName: 'agentdesk-prerendered-brand' };

/** One page the build prerenders (decision 039). */
export interface PrerenderedPage {
  /** Its file's name, without `.html`. */
  name: string;
  /** Whom it is drawn for: a signed-out page is hydrated, a signed-in one replaced (take-over-page.ts). */
  drawnFor: 'signed-out' | 'signed-in';
  /** The paths, under the base path, the server answers with it (`:id` matches one segment). */
  paths: string[];
  /** The screen's title (its h1, as `usePageTitle` names the tab), if it has one. */
  title?: string;
  /** `#root`'s markup. */
  html: string;
  /** The emotion styles of a page drawn with MUI, taken out of the markup for a stylesheet of its own. */
  css?: string;
  /**
   * The names of those styles (emotion's `css` key): the page lists them for the app's emotion
   * cache, which then counts them as inserted and leaves the stylesheet to style them (decision 048).
   */
  emotionNames?: string[];
  /** The entry the page loads (the build's manifest key): the app's, or the guest pages' (decision 042). */
  entry: typeof APP_ENTRY | typeof GUEST_ENTRY;
  /** The source modules of the lazy routes it shows: their chunks are preloaded. */
  modules: string[];
  /** A script of the page's own, inline in <head> after the boot script (the home's early request, decision 047). */
  headScript?: string;
}

const APP_ENTRY = 'index.html';
const GUEST_ENTRY = 'src/guest.tsx';
/** The guest pages' screens, loaded by the guest entry (and preloaded with it). */
const GUEST_PAGE_MODULE = 'src/guest/guest-page.tsx';

const FRAME_MODULE = 'src/app/layout/main-layout.tsx';
const HOME_MODULE = 'src/app/dashboard-route.tsx';

interface Leaf {
  path: string;
  route: RouteObject;
}

/** The routes below `route` that show a screen, with their full paths. */
function leaves(route: RouteObject, parent = ''): Leaf[] {
  const path = [parent, route.path ?? ''].filter(Boolean).join('/');
  if (!route.children) return [{ path, route }];
  return route.children.flatMap((child) => leaves(child, path));
}

/** The route group whose element is `guard` (SignedInOnly). */
function group(guard: () => ReactNode): RouteObject {
  const found = routes
    .flatMap((root) => root.children ?? [])
    .find((route) => isValidElement(route.element) && route.element.type === guard);
  if (!found) throw new Error(`prerender: no route group guarded by ${guard.name}`);
  return found;
}

/** Resolves once the router has loaded the matched routes' lazy code. */
function routerReady(router: AppRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (state.initialized) resolve(stop());
    });
  });
}

function withoutTrailingSlash(path: string) {
  return path.replace(/\/$/, '');
}

/** The title the screen gives its tab: its h1's text, as AuthCard and PageHeader name it. */
function titleOf(html: string): string | undefined {
  const text = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1];
  return text?.replace(/<[^>]*>/g, '');
}

/**
 * Emotion renders its styles as <style data-emotion> elements beside the elements they style
 * (no cache in a server render); they are taken out and kept once each, in the order met, which
 * is the order the app inserts them (the theme's global styles first).
 */
function extractEmotionStyles(markup: string): { html: string; css: string; emotionNames: string[] } {
  const seen = new Set<string>();
  const rules: string[] = [];
  const emotionNames = new Set<string>();
  const html = markup.replace(
    /<style data-emotion="([^"]*)"[^>]*>([\s\S]*?)<\/style>/g,
    (_tag, names: string, css: string) => {
      if (!seen.has(names)) {
        seen.add(names);
        rules.push(css);
      }
      const [key, ...ids] = names.split(' ');
      if (key === 'css') for (const id of ids) emotionNames.add(id);
      return '';
    },
  );
  return { html, css: rules.join('\n'), emotionNames: [...emotionNames] };
}

const nothing = () => Promise.resolve();

/**
 * A guest page's sign-in screen, rendered as the guest entry hydrates it (guest/guest-page.tsx,
 * decision 042). The app has a route of the same path, which it shows when it navigates there.
 */
function renderGuest(screen: GuestScreen): PrerenderedPage {
  const route = routes.flatMap((root) => leaves(root)).find((leaf) => leaf.path === screen);
  if (!route) throw new Error(`prerender: the app has no route /${screen}`);
  const html = renderToString(
    <GuestPage screen={screen} search={new URLSearchParams()} handOver={nothing} onSigningIn={() => undefined} />,
  );
  return {
    name: screen,
    drawnFor: 'signed-out',
    paths: [screen],
    title: titleOf(html),
    html,
    entry: GUEST_ENTRY,
    modules: [GUEST_PAGE_MODULE],
  };
}

/**
 * The dashboard's frame with `content` in it, drawn with the theme's font and radius as CSS
 * variables (set from the stored choice before the page paints) and no one's data; the menu
 * marks the item of `path` when it is one page's.
 */
async function renderSignedIn(
  content: ReactNode,
  { handle, path }: { handle?: RouteHandle; path?: string } = {},
): Promise<{ html: string; css: string; emotionNames: string[] }> {
  const store = createAppStore();
  const item = menuLeaves().find((leaf) => leaf.url === path);
  if (item) store.dispatch(menuItemOpened(item.id));
  const theme = createAppTheme(VARIABLE_CHOICES);
  // Drawn as on a large screen, the menu beside the page; the frame's styles fold it away below
  // the large breakpoint (main-layout.tsx), as the app does there.
  theme.components = {
    ...theme.components,
    MuiUseMediaQuery: { defaultProps: { ssrMatchMedia: () => ({ matches: true }) } },
  };
  const router = createMemoryRouter(
    [
      {
        element: (
          <ThemeProvider theme={theme}>
            <CssBaseline />
            <Frame />
          </ThemeProvider>
        ),
        children: [{ index: true, element: content, handle }],
      },
    ],
    { basename: PLACEHOLDERS.basePath, initialEntries: [`${PLACEHOLDERS.basePath}/`] },
  );
  await routerReady(router);
  const markup = renderToString(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  router.dispose();
  return extractEmotionStyles(markup);
}

/** Every prerendered page, and the boot script each one runs first. */
export async function renderPages(): Promise<{ pages: PrerenderedPage[]; bootScript: string }> {
  setConfig({ basePath: PLACEHOLDERS.basePath, brandName: PLACEHOLDERS.brandName, apiBaseUrl: '' });
  const pages: PrerenderedPage[] = [];
  for (const screen of Object.keys(GUEST_SCREENS) as GuestScreen[]) pages.push(renderGuest(screen));

  const signedIn = leaves(group(SignedInOnly));
  const isHome = (leaf: Leaf) => leaf.route.loader === homeLoader;
  const homeHandle = signedIn.find(isHome)?.route.handle as RouteHandle | undefined;
  const home = await renderSignedIn(<DashboardRoute prerendered />, { handle: homeHandle, path: '/' });
  pages.push({
    name: 'home',
    drawnFor: 'signed-in',
    paths: signedIn.filter(isHome).map((leaf) => withoutTrailingSlash(leaf.path)),
    title: titleOf(home.html),
    ...home,
    entry: APP_ENTRY,
    modules: [FRAME_MODULE, HOME_MODULE],
    headScript: earlyHomeScript(),
  });
  const frame = await renderSignedIn(null);
  pages.push({
    name: 'frame',
    drawnFor: 'signed-in',
    paths: signedIn.filter((leaf) => !isHome(leaf)).map((leaf) => withoutTrailingSlash(leaf.path)),
    ...frame,
    entry: APP_ENTRY,
    modules: [FRAME_MODULE],
  });
  return { pages, bootScript: bootScript() };
}
