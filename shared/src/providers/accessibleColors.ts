import { darken, luminance, type MantineColorsTuple } from '@mantine/core';

/** WCAG 2.x contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * Text at normal size needs 4.5:1 (WCAG 1.4.3). Tinted backgrounds (a light badge, the
 * grey page) take a little of it away, so colours are chosen against white with a margin.
 */
const TEXT_ON_WHITE = 5.3;
const WHITE = '#ffffff';

/**
 * The first shade of the palette, from `from` on, that reads on white with a margin (as
 * text on a white or tinted background, or as the fill under white text); else the
 * darkest shade darkened until it does.
 */
export function readableOnWhite(shades: MantineColorsTuple, from = 6): string {
  const ok = (shade: string) => contrastRatio(shade, WHITE) >= TEXT_ON_WHITE;
  for (let index = from; index < shades.length; index += 1) if (ok(shades[index]!)) return shades[index]!;
  let color = shades[9];
  for (let step = 0; step < 10 && !ok(color); step += 1) color = darken(color, 0.1);
  return color;
}
