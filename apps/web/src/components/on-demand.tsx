import { startTransition, Suspense, useCallback, useEffect, useRef, useState, type ComponentType, type FocusEvent, type ReactElement, type Ref } from 'react';

/** The handlers and ref a trigger spreads onto its button. */
export interface OnDemandTriggerProps {
  ref?: Ref<HTMLButtonElement>;
  onPointerEnter?: () => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: () => void;
  onClick?: () => void;
  'aria-haspopup'?: 'menu' | 'dialog';
  'aria-expanded'?: boolean;
}

/** What the on-demand part is given. */
export interface OnDemandProps {
  /** The plain trigger was clicked before the code arrived: open at once. */
  initiallyOpened: boolean;
  /** The trigger, to draw as its popup's target (it takes the focus if the plain one had it). */
  trigger: (props?: Omit<OnDemandTriggerProps, 'ref'>) => ReactElement;
}

/**
 * A header control whose popup (a Mantine Popover or Menu, with floating-ui: some 30 KB before
 * anything is opened) is not part of the first screen (issue #26). Its plain trigger is drawn at
 * once; the popup's code is asked for when the pointer comes over the trigger or it takes the
 * focus, and a click that comes first opens the popup as soon as the code is here. The swap is a
 * transition: the plain trigger stays, focused and hovered, until the full control replaces it.
 *
 * `Full` is a `lazy()` component made once at module level. It draws `trigger()` inside its
 * popup's target, and keeps its popup's state with `usePopupOpened(initiallyOpened)`.
 */
export function OnDemand<P extends object>({
  trigger,
  popup,
  Full,
  props,
}: {
  trigger: (props: OnDemandTriggerProps) => ReactElement;
  /** What the popup is (Menu: 'menu', Popover: 'dialog'): the plain trigger says so as the full one will. */
  popup: 'menu' | 'dialog';
  Full: ComponentType<P & OnDemandProps>;
  props: P;
}) {
  const [wanted, setWanted] = useState<{ opened: boolean } | null>(null);
  const focused = useRef(false);
  // Attached once, when the full control's trigger replaces the plain one.
  const takeFocus = useCallback((button: HTMLButtonElement | null) => {
    if (button && focused.current) button.focus();
  }, []);
  const fullTrigger = useCallback((props?: Omit<OnDemandTriggerProps, 'ref'>) => trigger({ ...props, ref: takeFocus }), [trigger, takeFocus]);
  const want = (opened: boolean) =>
    startTransition(() => setWanted((current) => (current && (current.opened || !opened) ? current : { opened })));
  const plain = trigger({
    'aria-haspopup': popup,
    'aria-expanded': false,
    onPointerEnter: () => want(false),
    onFocus: () => {
      focused.current = true;
      want(false);
    },
    onBlur: () => {
      focused.current = false;
    },
    onClick: () => want(true),
  });
  // One boundary from the start, already showing the plain trigger: a transition that suspends
  // in it keeps what is shown (a new boundary would show its fallback, a new button, at once).
  return <Suspense fallback={plain}>{wanted ? <Full {...props} initiallyOpened={wanted.opened} trigger={fullTrigger} /> : plain}</Suspense>;
}

/**
 * The opened state of an on-demand popup (a controlled Mantine Popover or Menu). One wanted before
 * its code came opens just after its first render rather than in it: Mantine notes the element to
 * give the focus back to (the trigger) when `opened` changes, so a popup mounted open would leave
 * a keyboard user's focus nowhere once closed with Escape.
 */
export function usePopupOpened(initiallyOpened: boolean) {
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    if (initiallyOpened) setOpened(true);
  }, [initiallyOpened]);
  return [opened, setOpened] as const;
}
