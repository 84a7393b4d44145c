import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import type { i18n as I18n } from 'i18next';
import { i18n as appI18n } from '../lib/i18n';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface Rendered {
  container: HTMLElement;
  queryClient: QueryClient;
  /** The router's current path (rendered by a probe beside the UI). */
  path: () => string | null;
  unmount: () => void;
}

function PathProbe() {
  const location = useLocation();
  return <output data-testid="current-path" hidden>{location.pathname}</output>;
}

/** Renders `ui` as the app would: Mantine, i18n, a fresh query client and a memory router. */
export async function renderWithApp(
  ui: ReactNode,
  options: { path?: string; language?: 'ar' | 'en'; i18n?: I18n } = {},
): Promise<Rendered> {
  const i18n = options.i18n ?? appI18n;
  await i18n.changeLanguage(options.language ?? 'en');
  const container = document.createElement('div');
  document.body.append(container);
  const root: Root = createRoot(container);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            {ui}
            <PathProbe />
          </>
        ),
      },
    ],
    { initialEntries: [options.path ?? '/dashboard'] },
  );
  await act(async () => {
    root.render(
      <I18nextProvider i18n={i18n}>
        <MantineProvider>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </MantineProvider>
      </I18nextProvider>,
    );
  });
  return {
    container,
    queryClient,
    path: () => document.querySelector('[data-testid=current-path]')?.textContent ?? null,
    unmount: () => {
      act(() => root.unmount());
      container.remove();
    },
  };
}

/** Lets effects, promises and React updates settle. */
export async function settle(ms = 0): Promise<void> {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, ms));
  });
}

export async function click(element: Element | null | undefined): Promise<void> {
  if (!element) throw new Error('nothing to click');
  await act(async () => {
    (element as HTMLElement).click();
  });
}

/** Lets React settle until `find()` returns something (a lazily loaded part has arrived), at most `timeoutMs`. */
export async function waitFor<T>(find: () => T | null | undefined, timeoutMs = 5_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found) return found;
    if (Date.now() > until) throw new Error('waitFor: nothing found in time');
    await settle(10);
  }
}
