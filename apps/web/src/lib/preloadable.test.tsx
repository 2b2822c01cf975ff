// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { preloadable } from './preloadable.tsx';

const Greeting = ({ name }: { name: string }) => <p>{`Hello, ${name}`}</p>;

afterEach(cleanup);

/** A module that arrives when the test says so. */
function deferredModule() {
  let arrive = () => {};
  const module = new Promise<{ Greeting: typeof Greeting }>((resolve) => {
    arrive = () => resolve({ Greeting });
  });
  return { load: () => module, arrive };
}

describe('preloadable', () => {
  it('shows the fallback while its code loads, then the component', async () => {
    const { load, arrive } = deferredModule();
    const Lazy = preloadable(load, (module) => module.Greeting);
    // Awaited: React retries what suspended inside an act only when the act is awaited.
    await act(async () => {
      render(
        <Suspense fallback={<p>Loading</p>}>
          <Lazy name="Ada" />
        </Suspense>,
      );
    });
    expect(screen.getByText('Loading')).toBeTruthy();
    await act(async () => arrive());
    expect(await screen.findByText('Hello, Ada')).toBeTruthy();
  });

  it('renders at once, never showing the fallback, when its code was preloaded', async () => {
    const { load, arrive } = deferredModule();
    const Lazy = preloadable(load, (module) => module.Greeting);
    const preloaded = Lazy.preload();
    arrive();
    await preloaded;
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Lazy name="Grace" />
      </Suspense>,
    );
    expect(screen.queryByText('Loading')).toBeNull();
    expect(screen.getByText('Hello, Grace')).toBeTruthy();
  });

  it('loads again after a failed load', async () => {
    let attempts = 0;
    const Lazy = preloadable(
      async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('network');
        return { Greeting };
      },
      (module) => module.Greeting,
    );
    await Lazy.preload();
    await Lazy.preload();
    render(<Lazy name="Linus" />);
    expect(screen.getByText('Hello, Linus')).toBeTruthy();
    expect(attempts).toBe(2);
  });
});
