import { combineReducers, configureStore, createListenerMiddleware, isAnyOf } from '@reduxjs/toolkit';
import { api } from '../lib/http/api';
import { authError, authReducer, loginSuccess, userRefreshed } from '../lib/session/auth-slice';
import { clearSession, saveSession } from '../lib/session/session-storage';
import {
  borderRadiusSet,
  customizationReducer,
  fontFamilySet,
  saveCustomization,
} from '../features/customization/customization-slice';
import { walletReducer } from '../features/wallet/wallet-slice';
import { serviceReducer } from '../features/services/service-slice';

const rootReducer = combineReducers({
  auth: authReducer,
  wallet: walletReducer,
  service: serviceReducer,
  customization: customizationReducer,
  [api.reducerPath]: api.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** Side effects of state changes live here, so the reducers stay pure. */
function createPersistence() {
  const listener = createListenerMiddleware<RootState>();

  listener.startListening({
    actionCreator: loginSuccess,
    effect: (action, listenerApi) => {
      saveSession(action.payload);
      // A new session starts from an empty cache: nothing of a previous person's data remains.
      listenerApi.dispatch(api.util.resetApiState());
    },
  });
  listener.startListening({
    actionCreator: userRefreshed,
    effect: (_action, listenerApi) => {
      const { token, user } = listenerApi.getState().auth;
      if (token && user) saveSession({ token, user });
    },
  });
  listener.startListening({ actionCreator: authError, effect: () => clearSession() });
  listener.startListening({
    matcher: isAnyOf(fontFamilySet, borderRadiusSet),
    effect: (_action, listenerApi) => saveCustomization(listenerApi.getState().customization),
  });
  return listener;
}

export function createAppStore(preloadedState?: Partial<RootState>) {
  const persistence = createPersistence();
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().prepend(persistence.middleware).concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
