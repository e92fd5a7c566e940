import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useNetworksText } from '../../networks-text';

interface SecretInputProps extends PasswordInputProps {
  /** The stored secret, masked: the field then starts empty and a new value replaces it. */
  masked?: string;
}

/** A password or token field; on a saved network it shows the stored value masked. */
export function SecretInput({ masked, description, required, ...props }: SecretInputProps) {
  const t = useNetworksText();
  return (
    <PasswordInput
      autoComplete="new-password"
      dir="ltr"
      required={masked === undefined ? required : false}
      placeholder={masked}
      description={masked ? t('fields.secretKeep', { masked }) : description}
      {...props}
    />
  );
}
