import { createElement, useLayoutEffect, useMemo, useRef } from 'preact/compat';
import { deferInlineStyles, STYLE_DATA_ATTRIBUTE } from './rich-html.ts';

/**
 * Sanitised HTML from the server (questions, options, explanations). KaTeX's inline styles are applied
 * through the CSSOM after each render, which the Content-Security-Policy allows (see rich-html.ts).
 * `inline` renders a span, for use inside a button (an option).
 */
export function RichHtml({
  html,
  className,
  inline = false,
}: {
  html: string;
  className?: string;
  inline?: boolean;
}) {
  const ref = useRef<HTMLElement>(null);
  const markup = useMemo(() => deferInlineStyles(html), [html]);
  useLayoutEffect(() => {
    const root = ref.current;
    if (!root || markup === html) return;
    for (const element of root.querySelectorAll<HTMLElement>(`[${STYLE_DATA_ATTRIBUTE}]`)) {
      element.style.cssText = element.getAttribute(STYLE_DATA_ATTRIBUTE) ?? '';
    }
  }, [markup, html]);
  return createElement(inline ? 'span' : 'div', {
    ref,
    className,
    // The server sanitised it against an allow-list at import (DESIGN §6).
    dangerouslySetInnerHTML: { __html: markup },
  });
}
