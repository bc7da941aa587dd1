import { useState, type ComponentType } from 'react';
import { Provider } from 'react-redux';
import { matchPath, useParams } from 'react-router';
import { ConsoleTheme } from './console-theme';
import { ConsoleFrame } from './layout/console-frame';
import { AgentRoute } from './routes/agent-route';
import { AgentsRoute } from './routes/agents-route';
import { ConsoleHomeRoute } from './routes/console-home-route';
import { ConsoleNotFoundRoute } from './routes/console-not-found-route';
import { FundingQueueRoute } from './routes/funding-queue-route';
import { OperatorLoginRoute } from './routes/operator-login-route';
import { OperatorGuestOnly, RequireOperator } from './session/operator-guards';
import { SessionSync } from './session/session-sync';
import { ConsoleParamsContext, type ConsoleParams } from './routes/console-params';
import { createAdminStore } from './store';

/**
 * The console's screens inside its frame, by the path pattern under /admin/ (`:name` is a
 * parameter a screen reads with `useConsoleParams`), the first that matches.
 */
const SCREENS: ReadonlyArray<readonly [pattern: string, screen: ComponentType]> = [
  ['', ConsoleHomeRoute],
  ['funding', FundingQueueRoute],
  ['agents', AgentsRoute],
  ['agents/:id', AgentRoute],
];

function screenFor(rest: string): { Screen: ComponentType; params: ConsoleParams } {
  for (const [pattern, Screen] of SCREENS) {
    // matchPath compares absolute paths: both are given their leading slash.
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
