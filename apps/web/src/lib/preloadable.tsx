import { type ComponentType, use } from 'react';

/** A promise that says whether it settled, the way React's `use` reads one without waiting. */
type Tracked<T> = Promise<T> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

export type Preloadable<P extends object> = ComponentType<P> & {
  /** Starts loading the component's code, once; rendering it later does not wait again. */
  preload(): Promise<unknown>;
};

/**
 * A component whose code loads on demand, like `React.lazy`, but that renders at once, without
 * suspending, when its code was preloaded: `lazy` suspends at least once even for code already
 * there, and each suspension holds the page back (React shows a boundary's content at most every
 * 300 ms). A load that fails is tried again at the next render.
 */
export function preloadable<M, P extends object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): Preloadable<P> {
  let loading: Tracked<ComponentType<P>> | undefined;
  const start = () => {
    if (!loading) {
      const tracked: Tracked<ComponentType<P>> = load().then(pick);
      tracked.status = 'pending';
      tracked.then(
        (component) => {
          tracked.status = 'fulfilled';
          tracked.value = component;
        },
        (error: unknown) => {
          tracked.status = 'rejected';
          tracked.reason = error;
          loading = undefined;
        },
      );
      loading = tracked;
    }
    return loading;
  };
  function Preloaded(props: P) {
    const Component = use(start() as Promise<ComponentType<P>>);
    return <Component {...props} />;
  }
  return Object.assign(Preloaded, { preload: () => start().catch(() => undefined) });
}
