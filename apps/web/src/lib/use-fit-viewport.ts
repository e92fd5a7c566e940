import { useLayoutEffect, useRef } from 'react';

/** The element's top in the document, without transforms (the page transition scales the page). */
function documentTop(element: HTMLElement): number {
  let top = 0;
  for (let node: HTMLElement | null = element; node; node = node.offsetParent as HTMLElement | null) {
    top += node.offsetTop;
  }
  return top;
}

/** The element's descendants scrolled away from their top, with their positions. */
function scrolledPanes(element: HTMLElement): Array<[Element, number]> {
  const panes: Array<[Element, number]> = [];
  for (const node of element.querySelectorAll('*')) if (node.scrollTop > 0) panes.push([node, node.scrollTop]);
  return panes;
}

/**
 * Sizes an element so that the page around it (header, breadcrumb, footer) fits the window
 * without a page scrollbar; the element's own panes scroll inside (the inbox, network settings).
 * The layout around it is the shell's and can change (menu layout, navbar type), so it is
 * measured rather than assumed. Below `minHeight` the page scrolls after all: smaller panes are
 * of no use.
 */
export function useFitViewport<T extends HTMLElement>(minHeight = 420) {
  const ref = useRef<T>(null);

  useLayoutEffect(() => {
    const fit = () => {
      const element = ref.current;
      if (!element) return;
      // Taller than the window first, so what lies below it (padding, footer) can be measured
      // without the slack a short page leaves. Panes inside that grow with it clamp their scroll
      // position while they are taller: they get it back (a reader at the end of a thread stays).
      const scrolled = scrolledPanes(element);
      element.style.height = `${window.innerHeight * 2}px`;
      const top = documentTop(element);
      const below = document.documentElement.scrollHeight - (top + element.offsetHeight);
      element.style.height = `${Math.max(minHeight, window.innerHeight - top - below)}px`;
      for (const [pane, scrollTop] of scrolled) pane.scrollTop = scrollTop;
    };
    fit();
    window.addEventListener('resize', fit);
    // Fonts and the shell's header may settle a moment after the first paint.
    const settle = window.setTimeout(fit, 400);
    return () => {
      window.removeEventListener('resize', fit);
      window.clearTimeout(settle);
    };
  }, [minHeight]);

  return ref;
}
