import { Provider } from 'react-redux';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { getConfig } from '../lib/config';
import { routes } from './routes';
import { createAppStore } from './store';
import { Toasts } from './toasts';

const store = createAppStore();
const router = createBrowserRouter(routes, { basename: getConfig().basePath });

export function App() {
  return (
    <Provider store={store}>
      <RouterProvider router={router} />
      <Toasts />
    </Provider>
  );
}
