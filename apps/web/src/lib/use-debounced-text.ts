import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';

const DEBOUNCE_MS = 300;

/**
 * A text input over a value that lives elsewhere (the URL): what is typed shows at once and is
 * committed a moment after typing stops, so a search does not ask the server per keystroke.
 * When the value changes by other means (Clear filters, the back button), the input follows.
 */
export function useDebouncedText(value: string, commit: (text: string) => void) {
  const [text, setText] = useState(value);
  const [committed, setCommitted] = useState(value);
  if (value !== committed) {
    setCommitted(value);
    setText(value);
  }
  const debounced = useDebouncedCallback((next: string) => {
    setCommitted(next);
    commit(next);
  }, DEBOUNCE_MS);
  return {
    text,
    change(next: string) {
      setText(next);
      debounced(next);
    },
    /** Commits at once (the clear button). */
    set(next: string) {
      debounced.cancel();
      setText(next);
      setCommitted(next);
      commit(next);
    },
  };
}
