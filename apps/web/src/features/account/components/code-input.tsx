import { TextInput, type TextInputProps } from '@mantine/core';

/** A one-time code field: digits on a phone keyboard, filled in by the system's code autofill. */
export function CodeInput(props: TextInputProps) {
  return (
    <TextInput
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={7}
      dir="ltr"
      styles={{ input: { letterSpacing: '0.2em', fontVariantNumeric: 'tabular-nums' } }}
      {...props}
    />
  );
}
