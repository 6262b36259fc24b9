import { expect, type Locator } from '@playwright/test';

/** Where an element is drawn on the screen, in CSS pixels. */
export type Box = { x: number; y: number; width: number; height: number };

/** The box of an element on screen; it must be there. */
export async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box, `${locator} has a box`).not.toBeNull();
  return box as Box;
}

/** Whether two boxes share any area (touching edges do not count). */
export function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}
