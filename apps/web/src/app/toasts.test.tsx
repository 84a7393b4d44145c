import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { DirectionProvider, MantineProvider } from '@mantine/core';
import { notifications, notificationsStore } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { TOAST_LIMIT } from '@portal/shared';
import { staleToastIds, Toasts, TOAST_FRESH_MS } from './toasts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
let now = 0;

async function render(dir: 'ltr' | 'rtl' = 'ltr') {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Toasts />
            <Outlet />
          </>
        ),
        children: [
          { path: '/a', element: <p>a</p> },
          { path: '/b', element: <p>b</p> },
        ],
      },
    ],
    { initialEntries: ['/a'] },
  );
  await act(async () => {
    root.render(
      <DirectionProvider initialDirection={dir}>
        <MantineProvider>
          <RouterProvider router={router} />
        </MantineProvider>
      </DirectionProvider>,
    );
  });
  return router;
}

const show = (id: string) => act(() => void notifications.show({ id, message: id, autoClose: false }));
/** The position of the toast container holding `text`. */
const positionOf = (text: string) =>
  [...document.querySelectorAll('[data-position]')].find((el) => el.textContent?.includes(text))?.getAttribute('data-position');
const state = () => {
  const { notifications: shown, queue } = notificationsStore.getState();
  return { shown: shown.map((n) => n.id), queued: queue.map((n) => n.id) };
};

describe('staleToastIds', () => {
  it('picks the toasts shown longer than the fresh time before now, and the unknown ones', () => {
    const shownAt = new Map([
      ['old', 1_000],
      ['fresh', 9_000],
    ]);
    expect(staleToastIds(['old', 'fresh', 'unknown'], shownAt, 10_000)).toEqual(['old', 'unknown']);
    expect(staleToastIds(['old'], shownAt, 1_000 + TOAST_FRESH_MS)).toEqual([]);
  });
});

describe('Toasts', () => {
  beforeEach(() => {
    now = 1_000;
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  });
  afterEach(() => {
    act(() => {
      notifications.clean();
      root.unmount();
    });
    container.remove();
  });

  it(`shows at most ${TOAST_LIMIT} at once; a move to another page closes the earlier ones, shown or waiting, and keeps the one just shown`, async () => {
    const router = await render();
    await show('earlier');
    now = 4_000;
    await show('queued-1');
    await show('queued-2');
    expect(state()).toEqual({ shown: ['earlier', 'queued-1'], queued: ['queued-2'] });

    // An action shows its toast (waiting behind the others) and opens another page at once: that
    // toast stays and shows.
    now = 9_000;
    await show('just-saved');
    now = 9_050;
    await act(() => router.navigate('/b'));
    expect(state()).toEqual({ shown: ['just-saved'], queued: [] });

    // The next move, later, closes it too.
    now = 20_000;
    await act(() => router.navigate('/a'));
    expect(state()).toEqual({ shown: [], queued: [] });
  });

  it('a change of the query alone (a filter) leaves the toasts', async () => {
    const router = await render();
    await show('export-failed');
    now = 60_000;
    await act(() => router.navigate('/a?status=pending'));
    expect(state().shown).toEqual(['export-failed']);
  });

  it('sits at the bottom on the end side of the page: right in English, left in Arabic', async () => {
    await render('ltr');
    await show('one');
    expect(positionOf('one')).toBe('bottom-right');
    act(() => root.unmount());
    root = createRoot(container);
    // The app's <html dir> (i18n sets it), which the DirectionProvider follows.
    document.documentElement.dir = 'rtl';
    onTestFinished(() => void (document.documentElement.dir = ''));
    await render('rtl');
    await show('two');
    expect(positionOf('two')).toBe('bottom-left');
  });
});
