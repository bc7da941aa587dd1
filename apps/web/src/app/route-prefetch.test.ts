import { describe, expect, it, vi } from 'vitest';
import { frameLoader, homeLoader, registerPrefetch } from './route-prefetch';

describe('the signed-in routes’ loaders', () => {
  it('let the navigation go on at once and ask for the data in a task of their own', async () => {
    const frame = vi.fn();
    const home = vi.fn();
    registerPrefetch('frame', frame);
    registerPrefetch('home', home);

    expect(frameLoader()).toBeNull();
    expect(homeLoader()).toBeNull();
    // Not in the router's own task.
    expect(frame).not.toHaveBeenCalled();
    expect(home).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(frame).toHaveBeenCalledTimes(1));
    expect(home).toHaveBeenCalledTimes(1);

    homeLoader();
    await vi.waitFor(() => expect(home).toHaveBeenCalledTimes(2));
    expect(frame).toHaveBeenCalledTimes(1);
  });
});
