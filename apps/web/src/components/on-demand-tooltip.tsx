import { cloneElement, lazy, startTransition, Suspense, useRef, useState, type PointerEvent, type ReactElement } from 'react';
import type { TooltipProps } from '@mantine/core';

const Tooltip = lazy(() => import('./tooltip'));

/** The handlers the on-demand tooltip puts on its child (a Mantine component passes them on). */
interface ChildHandlers {
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: () => void;
}

/**
 * A Mantine Tooltip whose code (with floating-ui, some 20 KB gzip) comes when first wanted — the
 * pointer over its child, or the child focused — and not with the screen (issue #26). Until then
 * the child is drawn alone. If the pointer is still over it when the code arrives, the tooltip
 * opens at once, as it would have.
 *
 * The child must pass pointer and focus handlers to its element, as Mantine's components do.
 */
export function OnDemandTooltip({ children, ...props }: Omit<TooltipProps, 'children'> & { children: ReactElement<ChildHandlers> }) {
  const [wanted, setWanted] = useState(false);
  const showing = useRef(false);
  // A touch only counts where the tooltip itself answers touches.
  const shows = (event: PointerEvent<HTMLElement>) => event.pointerType === 'mouse' || Boolean(props.events?.touch);
  const want = () => startTransition(() => setWanted(true));
  // The child's own handlers, if it has any, still run.
  const own = children.props;
  const plain = cloneElement(children, {
    onPointerEnter: (event) => {
      own.onPointerEnter?.(event);
      showing.current = shows(event);
      want();
    },
    onPointerLeave: (event) => {
      own.onPointerLeave?.(event);
      showing.current = false;
    },
    onFocus: () => {
      own.onFocus?.();
      showing.current = Boolean(props.events?.focus);
      want();
    },
  });
  // One boundary from the start, showing the plain child: the swap is a transition, so the child
  // stays drawn until the tooltip's code is here.
  return (
    <Suspense fallback={plain}>
      {wanted ? (
        <Tooltip {...props} defaultOpened={showing.current}>
          {children}
        </Tooltip>
      ) : (
        plain
      )}
    </Suspense>
  );
}
