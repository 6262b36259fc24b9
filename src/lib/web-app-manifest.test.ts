import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { company } from './company.ts';
import { APPLE_TOUCH_ICON, BACKGROUND_COLOUR, THEME_COLOUR, webAppManifest } from './web-app-manifest.ts';

const ROOT = resolve(import.meta.dirname, '../..');

/** A CSS variable's value as src/styles/global.css declares it. */
function cssVariable(name: string): string | undefined {
  const css = readFileSync(join(ROOT, 'src/styles/global.css'), 'utf8');
  return new RegExp(`--${name}:\\s*([^;]+);`).exec(css)?.[1]?.trim();
}

/** The width and height a PNG file says it has (its IHDR chunk). */
function pngSize(publicPath: string): string {
  const png = readFileSync(join(ROOT, 'public', publicPath));
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`;
}

describe('the web app manifest', () => {
  const manifest = webAppManifest();

  it('names the app as company.ts does', () => {
    expect(manifest.name).toBe(company.name);
    expect(manifest.short_name).toBe(company.name);
    // Launchers cut longer short names.
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
  });

  it("takes its colours from the site's CSS variables", () => {
    expect(THEME_COLOUR).toBe(cssVariable('green'));
    expect(BACKGROUND_COLOUR).toBe(cssVariable('page'));
    expect(manifest.theme_color).toBe(THEME_COLOUR);
    expect(manifest.background_color).toBe(BACKGROUND_COLOUR);
  });

  it('opens the home page full screen, and every page of the site is in the app', () => {
    expect(manifest.start_url).toBe('/');
    expect(manifest.scope).toBe('/');
    expect(manifest.display).toBe('standalone');
    for (const shortcut of manifest.shortcuts) expect(shortcut.url.startsWith(manifest.scope)).toBe(true);
  });

  it('has icons of the sizes it states: 192 and 512, and a maskable one', () => {
    for (const icon of manifest.icons) expect(pngSize(icon.src), icon.src).toBe(icon.sizes);
    const sizes = (purpose: string) =>
      manifest.icons.filter((icon) => icon.purpose === purpose).map((icon) => icon.sizes);
    expect(sizes('any')).toEqual(['192x192', '512x512']);
    expect(sizes('maskable')).toEqual(['512x512']);
    expect(pngSize(APPLE_TOUCH_ICON)).toBe('180x180');
  });
});
