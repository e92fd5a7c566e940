import { Mark } from '@mantine/core';
import classes from './marked-characters.module.css';

/** A character as a warning shows it: invisible ones (special spaces) by their code point. */
function visible(char: string): string {
  return char.trim() ? char : `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** Characters a warning points at (those that force UCS-2), each highlighted and readable. */
export function MarkedCharacters({ characters }: { characters: readonly string[] }) {
  return characters.map((char) => (
    <Mark key={char} color="yellow" className={classes.char} mx={2}>
      {visible(char)}
    </Mark>
  ));
}
