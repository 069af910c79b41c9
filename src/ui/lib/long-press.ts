// A touch long press of 500 ms opens the context menu; a finger that moves more than
// 10 px first cancels it. Plain timer logic so it is tested with fake timers, apart from React.
export const LONG_PRESS_MS = 500;
export const LONG_PRESS_TOLERANCE_PX = 10;

export type Point = { x: number; y: number };

export type LongPress = {
  start(point: Point): void;
  move(point: Point): void;
  /** The finger lifted or the gesture was taken over (scrolling): no menu. */
  cancel(): void;
  /** Whether the last press fired, so the click that follows a long press can be ignored. */
  fired(): boolean;
};

export type LongPressOptions = {
  onLongPress: (point: Point) => void;
  delayMs?: number;
  tolerancePx?: number;
};

export function createLongPress({
  onLongPress,
  delayMs = LONG_PRESS_MS,
  tolerancePx = LONG_PRESS_TOLERANCE_PX,
}: LongPressOptions): LongPress {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let origin: Point | null = null;
  let didFire = false;

  const clear = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    origin = null;
  };

  return {
    start(point) {
      clear();
      didFire = false;
      origin = point;
      timer = setTimeout(() => {
        timer = null;
        didFire = true;
        onLongPress(point);
      }, delayMs);
    },
    move(point) {
      if (origin === null) return;
      if (Math.hypot(point.x - origin.x, point.y - origin.y) > tolerancePx) clear();
    },
    cancel: clear,
    fired: () => didFire,
  };
}
