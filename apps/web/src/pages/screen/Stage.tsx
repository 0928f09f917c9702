import { type ReactNode, useLayoutEffect, useState } from 'react';

export const STAGE_WIDTH = 1920;
export const STAGE_HEIGHT = 1080;

/** The scale that fits the 1920 × 1080 design into the window whole (letterboxed), and its offsets. */
export function fitStage(width: number, height: number) {
  const scale = Math.min(width / STAGE_WIDTH, height / STAGE_HEIGHT);
  return { scale, left: (width - STAGE_WIDTH * scale) / 2, top: (height - STAGE_HEIGHT * scale) / 2 };
}

/**
 * The screen is drawn at 1920 × 1080 and scaled to the window with a CSS transform, so a 3840 × 2160
 * wall and a 1280 × 720 laptop show the same layout, with bands where the ratio differs.
 */
export function Stage({ children }: { children: ReactNode }) {
  const [fit, setFit] = useState(() => fitStage(window.innerWidth, window.innerHeight));
  useLayoutEffect(() => {
    const onResize = () => setFit(fitStage(window.innerWidth, window.innerHeight));
    onResize();
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return (
    <div className="screen-viewport">
      <div
        className="screen-stage"
        style={{ transform: `translate(${fit.left}px, ${fit.top}px) scale(${fit.scale})` }}
        data-scale={fit.scale.toFixed(4)}
      >
        {children}
      </div>
    </div>
  );
}
