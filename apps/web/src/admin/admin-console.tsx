import { useState, type ComponentType } from 'react';
import { Provider } from 'react-redux';
import { matchPath, useParams } from 'react-router';
import { ConsoleTheme } from './console-theme';
import { ConsoleFrame } from './layout/console-frame';
import { AcceptInviteRoute } from './routes/accept-invite-route';
import { AgentRoute } from './routes/agent-route';
import { AgentsRoute } from './routes/agents-route';
import { AuditRoute } from './routes/audit-route';
import { CatalogRoute } from './routes/catalog-route';
import { OverviewRoute } from './routes/console-home-route';
import { ConsoleNotFoundRoute } from './routes/console-not-found-route';
import { FundingQueueRoute } from './routes/funding-queue-route';
import { GatewayPaymentsRoute } from './routes/gateway-payments-route';
import { NotificationsRoute } from './routes/notifications-route';
import { OperatorLoginRoute } from './routes/operator-login-route';
import { OperatorsRoute } from './routes/operators-route';
import { OrderRoute } from './routes/order-route';
import { OrdersRoute } from './routes/orders-route';
import { PriceLevelRoute } from './routes/price-level-route';
import { PriceLevelsRoute } from './routes/price-levels-route';
import { ServiceRoutesRoute } from './routes/service-routes-route';
import { SettingsRoute } from './routes/settings-route';
import { UpstreamPlansRoute } from './routes/upstream-plans-route';
import { UpstreamsRoute } from './routes/upstreams-route';
import { OperatorGuestOnly, RequireOperator } from './session/operator-guards';
import { SessionSync } from './session/session-sync';
import { ConsoleParamsContext, type ConsoleParams } from './routes/console-params';
import { createAdminStore } from './store';

/**
 * The console's screens inside its frame, by the path pattern under /admin/ (`:name` is a
 * parameter a screen reads with `useConsoleParams`), the first that matches.
 */
const SCREENS: ReadonlyArray<readonly [pattern: string, screen: ComponentType]> = [
  ['', OverviewRoute],
  ['agents', AgentsRoute],
  ['agents/:id', AgentRoute],
  ['funding', FundingQueueRoute],
  ['funding/gateway-payments', GatewayPaymentsRoute],
  ['orders', OrdersRoute],
  ['orders/:id', OrderRoute],
  ['catalog', CatalogRoute],
  ['catalog/levels', PriceLevelsRoute],
  ['catalog/levels/:id', PriceLevelRoute],
  ['upstreams', UpstreamsRoute],
  ['upstreams/routes', ServiceRoutesRoute],
  ['upstreams/:id/plans', UpstreamPlansRoute],
  ['notifications', NotificationsRoute],
  ['settings', SettingsRoute],
  ['operators', OperatorsRoute],
  ['audit', AuditRoute],
];

function screenFor(rest: string): { Screen: ComponentType; params: ConsoleParams } {
  for (const [pattern, Screen] of SCREENS) {
    // Rooted: matchPath matches nothing against an empty path, which the console's start is.
    const match = matchPath({ path: `/${pattern}`, end: true }, `/${rest}`);
    if (match) return { Screen, params: match.params };
  }
  return { Screen: ConsoleNotFoundRoute, params: {} };
}

/**
 * The operator console under `<BASE_PATH>admin/` (issue 21): one lazy chunk that no agent
 * screen loads, with its own store (the operator's session and the console's api).
 *
 * The app's router hands it everything under admin/ (`admin/*`) and it picks its screen by
 * the rest of the path. Two things keep the agent's first download as it was (measured with
 * `npm run size`): no descendant `<Routes>` (its matching code would join the entry, which
 * holds React Router), and no import from app/ modules of the entry (lazy-screen, guards),
 * which made the bundler split the entry's chunks. So the screens are in this one chunk for
 * now (about 7 KiB compressed); split them once the console grows.
 */
export function AdminConsole() {
  const [store] = useState(createAdminStore);
  const rest = (useParams()['*'] ?? '').replace(/\/+$/, '');
  const { Screen, params } = screenFor(rest);
  return (
    <Provider store={store}>
      <ConsoleTheme>
        <SessionSync />
        {rest === 'login' ? (
          <OperatorGuestOnly>
            <OperatorLoginRoute />
          </OperatorGuestOnly>
        ) : rest === 'accept-invite' ? (
          <OperatorGuestOnly>
            <AcceptInviteRoute />
          </OperatorGuestOnly>
        ) : (
          <RequireOperator>
            <ConsoleFrame>
              <ConsoleParamsContext value={params}>
                <Screen key={rest} />
              </ConsoleParamsContext>
            </ConsoleFrame>
          </RequireOperator>
        )}
      </ConsoleTheme>
    </Provider>
  );
}
