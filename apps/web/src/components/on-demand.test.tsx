import { afterEach, describe, expect, it } from 'vitest';
import { act, lazy } from 'react';
import { OnDemand, usePopupOpened, type OnDemandProps, type OnDemandTriggerProps } from './on-demand';
import { renderWithApp, settle, waitFor, type Rendered } from '../test-utils/render';

/** A stand-in for a popup's code: it arrives when the test says so. */
function deferredFull() {
  let release!: () => void;
  const arrived = new Promise<void>((resolve) => (release = resolve));
  let asked = 0;
  function Full({ initiallyOpened, trigger }: OnDemandProps) {
    const [opened, setOpened] = usePopupOpened(initiallyOpened);
    return (
      <div data-testid="full">
        {trigger({ onClick: () => setOpened((o) => !o) })}
        {opened && <div data-testid="popup">popup</div>}
      </div>
    );
  }
  const Lazy = lazy(async () => {
    asked += 1;
    await arrived;
    return { default: Full };
  });
  return { Lazy, release: () => act(async () => release()), asked: () => asked };
}

const trigger = (props: OnDemandTriggerProps) => (
  <button type="button" data-testid="trigger" {...props}>
    open
  </button>
);
const $ = (selector: string) => document.querySelector<HTMLElement>(selector);

describe('OnDemand', () => {
  let rendered: Rendered | undefined;
  afterEach(() => {
    rendered?.unmount();
    rendered = undefined;
  });

  it('draws only the plain trigger, and asks for nothing, until the trigger is wanted', async () => {
    const full = deferredFull();
    rendered = await renderWithApp(<OnDemand trigger={trigger} popup="dialog" Full={full.Lazy} props={{}} />);
    expect($('[data-testid=trigger]')).not.toBeNull();
    // Announced as the full trigger will be: a closed popup of its kind.
    expect($('[data-testid=trigger]')!.getAttribute('aria-haspopup')).toBe('dialog');
    expect($('[data-testid=trigger]')!.getAttribute('aria-expanded')).toBe('false');
    expect($('[data-testid=full]')).toBeNull();
    expect(full.asked()).toBe(0);
  });

  it('a click before the code arrives opens the popup once it has', async () => {
    const full = deferredFull();
    rendered = await renderWithApp(<OnDemand trigger={trigger} popup="dialog" Full={full.Lazy} props={{}} />);
    await act(async () => $('[data-testid=trigger]')!.click());
    await settle(10);
    expect(full.asked()).toBe(1);
    // Still the plain trigger while the code is on its way (a transition keeps what is shown).
    expect($('[data-testid=full]')).toBeNull();
    expect($('[data-testid=trigger]')).not.toBeNull();
    await full.release();
    await waitFor(() => $('[data-testid=popup]'));
    expect($('[data-testid=full] [data-testid=trigger]')).not.toBeNull();
  });

  it('focusing the trigger fetches the code without opening, and the new trigger keeps the focus', async () => {
    const full = deferredFull();
    rendered = await renderWithApp(<OnDemand trigger={trigger} popup="dialog" Full={full.Lazy} props={{}} />);
    await act(async () => $('[data-testid=trigger]')!.focus());
    await settle(10);
    expect(full.asked()).toBe(1);
    const plain = $('[data-testid=trigger]');
    expect(document.activeElement).toBe(plain);
    await full.release();
    await waitFor(() => $('[data-testid=full]'));
    expect($('[data-testid=popup]')).toBeNull();
    const swapped = $('[data-testid=full] [data-testid=trigger]');
    expect(swapped).not.toBe(plain);
    expect(document.activeElement).toBe(swapped);
  });
});
