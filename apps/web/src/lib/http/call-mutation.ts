/**
 * Awaits an RTK Query mutation started with `dispatch(endpoint.initiate(arg))` and drops its
 * cache entry afterwards (hooks do that on unmount; a plain `initiate` does not).
 */
export async function callMutation<T>(request: { unwrap: () => Promise<T>; reset: () => void }): Promise<T> {
  try {
    return await request.unwrap();
  } finally {
    request.reset();
  }
}
