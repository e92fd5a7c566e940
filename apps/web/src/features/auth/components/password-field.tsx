import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A password input whose show/hide toggle is labelled and reachable by keyboard (Space toggles),
 * and which tells assistive technology when it is invalid (Mantine's inner input does not).
 */
export function PasswordField(props: PasswordInputProps) {
  const { t } = useTranslation('auth');
  return (
    <PasswordInput
      visibilityToggleButtonProps={{ 'aria-label': t('fields.showPassword'), tabIndex: 0 }}
      aria-invalid={Boolean(props.error)}
      {...props}
    />
  );
}
