import { useLayoutEffect, useRef } from 'react';

/** Below this height the page scrolls after all: an inbox smaller than this is of no use. */
const MIN_HEIGHT = 440;

/**
 * Sizes the inbox to the window's height below its top, minus what the layout puts under it
 * (its padding and footer), so the page itself does not scroll: the panes do. The shell's
 * layout can change (menu, navbar type), so it is measured, not assumed.
 */
export function useFillHeight<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useLayoutEffect(() => {
    const fit = () => {
      const element = ref.current;
      if (!element) return;
      element.style.height = `${window.innerHeight * 2}px`;
      // offsetTop chain, not getBoundingClientRect: the page transition may be scaling the page.
      let top = 0;
      for (let node: HTMLElement | null = element; node; node = node.offsetParent as HTMLElement | null) {
        top += node.offsetTop;
      }
      const below = document.documentElement.scrollHeight - (top + element.offsetHeight);
      element.style.height = `${Math.max(MIN_HEIGHT, window.innerHeight - top - below)}px`;
    };
    fit();
    window.addEventListener('resize', fit);
    // Fonts and the shell's header may settle a moment after the first paint.
    const settle = window.setTimeout(fit, 400);
    return () => {
      window.removeEventListener('resize', fit);
      window.clearTimeout(settle);
    };
  }, []);
  return ref;
}
