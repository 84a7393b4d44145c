import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { Badge } from '@mantine/core';
import { OnDemandTooltip } from './on-demand-tooltip';
import { renderWithApp, settle, waitFor, type Rendered } from '../test-utils/render';

const $ = (selector: string) => document.querySelector<HTMLElement>(selector);
const tooltip = () => document.querySelector<HTMLElement>('[role=tooltip]');

/** What a pointer coming over an element sends (React makes its onPointerEnter of it). */
const pointerOver = (element: HTMLElement, pointerType: 'mouse' | 'touch') =>
  act(async () => {
    element.dispatchEvent(new PointerEvent('pointerover', { bubbles: true, pointerType }));
  });

describe('OnDemandTooltip', () => {
  let rendered: Rendered | undefined;
  afterEach(() => {
    rendered?.unmount();
    rendered = undefined;
  });

  const badge = (props: { events?: { hover: boolean; focus: boolean; touch: boolean } } = {}) => (
    <OnDemandTooltip label="What the colour means" {...props}>
      <Badge data-testid="badge">Low</Badge>
    </OnDemandTooltip>
  );

  it('draws its child alone until the pointer comes over it, then opens with the label', async () => {
    rendered = await renderWithApp(badge());
    expect($('[data-testid=badge]')?.textContent).toBe('Low');
    await settle(10);
    expect(tooltip()).toBeNull();

    await pointerOver($('[data-testid=badge]')!, 'mouse');
    // The code arrives and the tooltip opens, as the pointer is still over the badge.
    await waitFor(() => tooltip()?.textContent === 'What the colour means');
    expect($('[data-testid=badge]')?.textContent).toBe('Low');
  });

  it('a touch does not open a tooltip that does not answer touches', async () => {
    rendered = await renderWithApp(badge());
    await pointerOver($('[data-testid=badge]')!, 'touch');
    await settle(50);
    expect(tooltip()).toBeNull();
    expect($('[data-testid=badge]')).not.toBeNull();
  });

  it('a touch opens one that does', async () => {
    rendered = await renderWithApp(badge({ events: { hover: true, focus: true, touch: true } }));
    await pointerOver($('[data-testid=badge]')!, 'touch');
    await waitFor(() => tooltip()?.textContent === 'What the colour means');
  });
});
