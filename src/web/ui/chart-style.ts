/** What the Recharts charts share: their size, motion, tooltip and axis styles from the design tokens. */

export const CHART_HEIGHT = 300;

/** Charts draw themselves in with an animation, unless the user asked for less motion. */
export const animate = () =>
  typeof window === 'undefined' || !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

/** A fixed size (tests, where nothing has a layout) or the container's width. */
export function sizeProps(width: number | undefined, height = CHART_HEIGHT) {
  return width ? { width, height } : { responsive: true, style: { width: '100%', height } };
}

export const tooltipStyle = {
  contentStyle: {
    background: 'var(--popover)',
    color: 'var(--popover-foreground)',
    border: '1px solid var(--border)',
    borderRadius: 8,
  },
  labelStyle: { color: 'var(--popover-foreground)', fontWeight: 600 },
};

export const axisTick = { fill: 'var(--muted-foreground)', fontSize: 12 };
