/**
 * Text sizes for the chart's layout, measured with the fonts the page draws
 * with (system fonts only: the page fetches nothing).
 */
export const FONT_FAMILY = '"DejaVu Sans", "Segoe UI", "Helvetica Neue", Arial, sans-serif';
export const FONT = {
  title: `600 13px ${FONT_FAMILY}`,
  line: `11px ${FONT_FAMILY}`,
  label: `11px ${FONT_FAMILY}`,
  /** A transition's text is drawn bold once taken: boxes and labels are measured for that. */
  bold: `700 11px ${FONT_FAMILY}`,
} as const;

let context: CanvasRenderingContext2D | null | undefined;

/**
 * The width in pixels of `text` in `font`; an estimate where the page has no canvas.
 *
 * @example
 * measure('WAKE_UP', FONT.title) // about 62
 */
export function measure(text: string, font: string): number {
  if (context === undefined)
    context = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  if (context === null) return text.length * 7;
  context.font = font;
  return Math.ceil(context.measureText(text).width);
}
