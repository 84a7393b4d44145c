import { describe, expect, it, vi } from 'vitest';
import { afterFirstPaint } from './after-first-paint';

/** A window whose frames and timers run only when the test says so. */
function fakeWindow() {
  const frames: FrameRequestCallback[] = [];
  const timers: (() => void)[] = [];
  const win = {
    requestAnimationFrame: vi.fn((cb: FrameRequestCallback) => frames.push(cb)),
    setTimeout: vi.fn((cb: () => void) => timers.push(cb)),
  } as unknown as Window;
  return { win, frames, timers };
}

const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return done;
};

describe('afterFirstPaint', () => {
  it('resolves only after a frame has been drawn, from a task queued inside that frame', async () => {
    const { win, frames, timers } = fakeWindow();
    const painted = afterFirstPaint({ visibilityState: 'visible' } as Document, win);
    expect(await settled(painted)).toBe(false);
    frames.shift()!(0); // the frame: the task after it is queued, nothing resolves yet
    expect(await settled(painted)).toBe(false);
    expect(timers).toHaveLength(1);
    timers.shift()!(); // after the frame was painted
    expect(await settled(painted)).toBe(true);
  });

  it('does not wait in a hidden page, which draws no frames', async () => {
    const { win } = fakeWindow();
    expect(await settled(afterFirstPaint({ visibilityState: 'hidden' } as Document, win))).toBe(true);
    expect(win.requestAnimationFrame).not.toHaveBeenCalled();
  });
});
