import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { MantineProvider, Select } from '@mantine/core';
import { theme } from './theme';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const roots: Root[] = [];
afterEach(() => {
  act(() => roots.splice(0).forEach((root) => root.unmount()));
  document.body.replaceChildren();
});

async function renderSelect(props: Partial<Parameters<typeof Select>[0]> = {}) {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  roots.push(root);
  await act(async () =>
    root.render(
      <MantineProvider theme={theme}>
        <Select label="Status" data={['Pending', 'Assigned', 'Completed']} {...props} />
      </MantineProvider>,
    ),
  );
  return container.querySelector('input')!;
}

const options = () => [...document.querySelectorAll('[role=option]')].map((o) => o.textContent);

describe('the theme\'s Selects', () => {
  it('draw their options only once opened (Mantine 9 would keep them drawn, hidden)', async () => {
    const input = await renderSelect();
    expect(options()).toEqual([]);
    await act(async () => input.click());
    expect(options()).toEqual(['Pending', 'Assigned', 'Completed']);
  });

  it('keep them drawn where a Select picks its highlighted option on blur', async () => {
    await renderSelect({ autoSelectOnBlur: true });
    expect(options()).toEqual(['Pending', 'Assigned', 'Completed']);
  });
});
