/** easeInOutQuad over [0, 1]. */
const ease = (x: number) => (x < 0.5 ? 2 * x * x : 1 - (-2 * x + 2) ** 2 / 2);

/**
 * Scrolls a container (the window when none) to `to` over `durationMs` (spec §9: 800 ms after a page change).
 * Each frame sets the position from the elapsed time, so a slow frame never makes it late.
 */
export function scrollTo(to: number, durationMs: number, container?: HTMLElement | null): void {
  const get = () =>
    container ? container.scrollTop : document.documentElement.scrollTop || document.body.scrollTop;
  const put = (y: number) => {
    if (container) container.scrollTop = y;
    else {
      document.documentElement.scrollTop = y;
      document.body.scrollTop = y;
    }
  };
  const start = get();
  const change = to - start;
  const startTime = performance.now();
  const step = (now: number) => {
    const progress = Math.min(1, (now - startTime) / durationMs);
    put(start + change * ease(progress));
    if (progress < 1) requestAnimationFrame(step);
  };
  if (change === 0 || durationMs <= 0) put(to);
  else requestAnimationFrame(step);
}
