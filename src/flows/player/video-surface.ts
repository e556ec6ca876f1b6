// The page's one <video> element, handed from the player view (which renders it) to the media
// actor (which plays into it). The actor may start before React has mounted the element.
export interface VideoSurface {
  /** The view's ref callback: the element, or null when it unmounts. */
  attach(element: HTMLVideoElement | null): void;
  /** Resolves with the element once the view has mounted it. */
  element(): Promise<HTMLVideoElement>;
}

export function createVideoSurface(): VideoSurface {
  let current: HTMLVideoElement | null = null;
  let waiting: ((element: HTMLVideoElement) => void)[] = [];
  return {
    attach(element) {
      current = element;
      if (!element) return;
      const resolve = waiting;
      waiting = [];
      for (const done of resolve) done(element);
    },
    element() {
      return current ? Promise.resolve(current) : new Promise((resolve) => waiting.push(resolve));
    },
  };
}

/** The app's surface: one player is on screen at a time. */
export const videoSurface = createVideoSurface();
