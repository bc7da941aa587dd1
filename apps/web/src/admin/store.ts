import { combineReducers, configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { adminApi } from './http/admin-api';
import {
  operatorRefreshed,
  operatorSessionReducer,
  operatorSignedIn,
  operatorSignedOut,
  type OperatorSessionState,
} from './session/operator-session-slice';
import { clearOperatorSession, saveOperatorSession } from './session/operator-session-storage';

const rootReducer = combineReducers({
  operatorSession: operatorSessionReducer,
  [adminApi.reducerPath]: adminApi.reducer,
});

export type AdminState = ReturnType<typeof rootReducer>;

/** Storage and cache follow the session, so the reducers stay pure (as in the agent's store). */
function createPersistence() {
  const listener = createListenerMiddleware<AdminState>();
  listener.startListening({
    actionCreator: operatorSignedIn,
    effect: (action, listenerApi) => {
      saveOperatorSession(action.payload);
      // A new session starts from an empty cache: nothing another operator saw remains.
      listenerApi.dispatch(adminApi.util.resetApiState());
    },
  });
  listener.startListening({
    actionCreator: operatorRefreshed,
    effect: (_, listenerApi) => {
      const { token, expiresAt, operator } = listenerApi.getState().operatorSession;
      if (token && expiresAt && operator) saveOperatorSession({ token, expiresAt, operator });
    },
  });
  // The cache is not reset here: resetting aborts running mutations, the sign-out's revoke among
  // them. The next sign-in starts from an empty cache, and nothing shows it meanwhile.
  listener.startListening({ actionCreator: operatorSignedOut, effect: () => clearOperatorSession() });
  return listener;
}

/**
 * The console's own store: the operator's session and the console's api. The agent's store
 * (app/store.ts) knows nothing of either, and this one nothing of the agent's session.
 */
export function createAdminStore(preloaded?: { operatorSession: OperatorSessionState }) {
  const persistence = createPersistence();
  return configureStore({
    reducer: rootReducer,
    preloadedState: preloaded,
    middleware: (getDefault) => getDefault().prepend(persistence.middleware).concat(adminApi.middleware),
  });
}

export type AdminStore = ReturnType<typeof createAdminStore>;
