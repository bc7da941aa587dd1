import type { RouteObject } from 'react-router';
import { FullPageLogo } from '../components/full-page-logo';
import { GuestOnly, SignedInOnly } from './guards';
import { frameLoader, homeLoader } from './route-prefetch';
import { nextTask } from '../lib/next-task';
import { lazyScreen } from './lazy-screen';
import type { RouteHandle } from './layout/app-breadcrumbs';
import { NotFoundRoute } from './not-found-route';
import { loadProtectedArea } from './protected-area';
import { RootShell } from './root-shell';
import { RouteErrorScreen } from './route-error-screen';

const dashboard = lazyScreen(() => import('./dashboard-route').then((m) => m.DashboardRoute));
// One screen for a new bulk purchase and for one's progress (decision 045).
const bulk = lazyScreen(() => import('../features/services/routes/bulk-route').then((m) => m.BulkRoute));

/**
 * The frame's screens, each one's code run once the frame's has, in a task of its own: React
 * Router asks for every matched route's code at once, and the frame's and the screen's, arriving
 * together, would run in one long task on a slow phone (decision 048). Their files are fetched
 * meanwhile all the same (the page preloads them; the frame's is loaded at most once).
 */
function afterTheFrame(screens: RouteObject[]): RouteObject[] {
  return screens.map((screen): RouteObject => {
    const { lazy } = screen;
    if (typeof lazy !== 'function') return screen;
    return {
      ...screen,
      lazy: async () => {
        await loadProtectedArea();
        await nextTask();
        return lazy();
      },
    };
  });
}

function handle(title: string, ...trail: string[]): RouteHandle {
  return { title, trail };
}

/** Spec section 2: every public and protected route, each screen loaded on demand. */
export const routes: RouteObject[] = [
  {
    element: <RootShell />,
    errorElement: <RouteErrorScreen />,
    hydrateFallbackElement: <FullPageLogo />,
    children: [
      {
        element: <GuestOnly />,
        children: [
          {
            path: 'login',
            lazy: lazyScreen(() => import('../features/auth/routes/login-route').then((m) => m.LoginRoute)),
          },
          {
            path: 'register',
            lazy: lazyScreen(() => import('../features/auth/routes/register-route').then((m) => m.RegisterRoute)),
          },
          {
            path: 'reset-password',
            lazy: lazyScreen(() =>
              import('../features/auth/routes/reset-password-route').then((m) => m.ResetPasswordRoute),
            ),
          },
          {
            path: 'otp-reset-password',
            lazy: lazyScreen(() =>
              import('../features/auth/routes/otp-reset-password-route').then((m) => m.OtpResetPasswordRoute),
            ),
          },
          {
            path: 'complete-reset-password',
            lazy: lazyScreen(() =>
              import('../features/auth/routes/complete-reset-password-route').then((m) => m.CompleteResetPasswordRoute),
            ),
          },
        ],
      },
      {
        element: <SignedInOnly />,
        children: [
          {
            // The protected frame (guard, theme, menu, top bar) is a chunk of its own: the sign-in
            // screens never load it, nor MUI.
            // loadProtectedArea retries with the same notice and time-out as lazyScreen.
            lazy: async () => ({ Component: (await loadProtectedArea()).MainLayout }),
            loader: frameLoader,
            children: [
              {
                errorElement: <RouteErrorScreen />,
                children: afterTheFrame([
                  // React Router loads every matched route's chunk at once; the loader asks
                  // for the home's data meanwhile, without waiting for any of them.
                  { index: true, lazy: dashboard, loader: homeLoader, handle: handle('Dashboard') },
                  { path: 'dashboard/default', lazy: dashboard, loader: homeLoader, handle: handle('Dashboard') },
                  {
                    path: 'user/transactions',
                    handle: handle('Transactions', 'User'),
                    lazy: lazyScreen(() =>
                      import('../features/transactions/routes/transactions-route').then((m) => m.TransactionsRoute),
                    ),
                  },
                  {
                    path: 'user/transactions/:id/receipt',
                    handle: handle('Receipt', 'User', 'Transactions'),
                    lazy: lazyScreen(() =>
                      import('../features/receipts/routes/receipt-route').then((m) => m.ReceiptRoute),
                    ),
                  },
                  {
                    path: 'wallet/fund',
                    handle: handle('Fund Wallet', 'Account'),
                    lazy: lazyScreen(() =>
                      import('../features/funding/routes/fund-wallet-route').then((m) => m.FundWalletRoute),
                    ),
                  },
                  {
                    path: 'user/referral',
                    handle: handle('My Referral', 'User'),
                    lazy: lazyScreen(() =>
                      import('../features/referrals/routes/referral-route').then((m) => m.ReferralRoute),
                    ),
                  },
                  {
                    path: 'user/banks',
                    handle: handle('Bank Accounts', 'User'),
                    lazy: lazyScreen(() =>
                      import('../features/banks/routes/bank-accounts-route').then((m) => m.BankAccountsRoute),
                    ),
                  },
                  {
                    path: 'user/bulk',
                    handle: handle('Bulk purchase', 'Services'),
                    lazy: bulk,
                  },
                  {
                    path: 'user/bulk/:batchId',
                    handle: handle('Bulk purchase', 'Services'),
                    lazy: bulk,
                  },
                  {
                    path: 'user/customers',
                    handle: handle('Saved Customers', 'User'),
                    lazy: lazyScreen(() =>
                      import('../features/saved-customers/routes/saved-customers-route').then(
                        (m) => m.SavedCustomersRoute,
                      ),
                    ),
                  },
                  {
                    path: 'user/profile',
                    handle: handle('Profile', 'User'),
                    lazy: lazyScreen(() =>
                      import('../features/profile/routes/profile-route').then((m) => m.ProfileRoute),
                    ),
                  },
                  {
                    path: 'more/support',
                    handle: handle('Support', 'More'),
                    lazy: lazyScreen(() =>
                      import('../features/support/routes/support-route').then((m) => m.SupportRoute),
                    ),
                  },
                  {
                    path: 'services/data',
                    handle: handle('Data', 'Services'),
                    lazy: lazyScreen(() => import('../features/services/routes/data-route').then((m) => m.DataRoute)),
                  },
                  {
                    path: 'services/airtime',
                    handle: handle('Airtime', 'Services'),
                    lazy: lazyScreen(() =>
                      import('../features/services/routes/airtime-route').then((m) => m.AirtimeRoute),
                    ),
                  },
                  {
                    path: 'services/electricity',
                    handle: handle('Electricity Bill', 'Services'),
                    lazy: lazyScreen(() =>
                      import('../features/services/routes/electricity-route').then((m) => m.ElectricityRoute),
                    ),
                  },
                  {
                    path: 'services/cable',
                    handle: handle('Cable Subscription', 'Services'),
                    lazy: lazyScreen(() => import('../features/services/routes/cable-route').then((m) => m.CableRoute)),
                  },
                  {
                    path: 'services/result-checker',
                    handle: handle('Result Checker', 'Services'),
                    lazy: lazyScreen(() =>
                      import('../features/services/routes/result-checker-route').then((m) => m.ResultCheckerRoute),
                    ),
                  },
                  {
                    path: 'developer/api-keys',
                    handle: handle('API Keys', 'Developer'),
                    lazy: lazyScreen(() =>
                      import('../features/api-keys/routes/api-keys-route').then((m) => m.ApiKeysRoute),
                    ),
                  },
                  {
                    path: 'developer/webhooks',
                    handle: handle('Webhooks', 'Developer'),
                    lazy: lazyScreen(() =>
                      import('../features/webhooks/routes/webhooks-route').then((m) => m.WebhooksRoute),
                    ),
                  },
                  {
                    path: 'documentation',
                    handle: handle('Documentation'),
                    lazy: lazyScreen(() =>
                      import('../features/documentation/routes/documentation-route').then((m) => m.DocumentationRoute),
                    ),
                  },
                ]),
              },
            ],
          },
        ],
      },
      {
        // The operator console (issue 21): its own chunk, store and routes; no agent screen loads it.
        path: 'admin/*',
        lazy: lazyScreen(() => import('../admin/admin-console').then((m) => m.AdminConsole)),
      },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];
