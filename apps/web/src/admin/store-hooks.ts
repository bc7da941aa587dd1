import { useDispatch } from 'react-redux';
import type { AdminStore } from './store';

/** `dispatch` of the console's store, which takes RTK Query's `initiate` thunks. */
export const useAdminDispatch = useDispatch.withTypes<AdminStore['dispatch']>();
