import { PasswordInput, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useCheckoutText } from '../checkout-text';
import type { AccountValues } from '../lib/account-validation';

/** Spec §3's sign-up fields of an anonymous checkout. */
export function AccountFields<V extends { account: AccountValues }>({
  form,
  disabled,
}: {
  form: UseFormReturnType<V>;
  disabled: boolean;
}) {
  const t = useCheckoutText();
  const field = (name: keyof AccountValues) => {
    const props = form.getInputProps(`account.${name}`);
    return { ...props, label: t(`fields.${name}`), required: true, disabled, 'aria-invalid': Boolean(props.error) };
  };
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <TextInput autoComplete="given-name" {...field('firstName')} />
      <TextInput autoComplete="family-name" {...field('lastName')} />
      <TextInput autoComplete="organization" {...field('company')} />
      <TextInput autoComplete="tel" type="tel" {...field('mobile')} />
      <TextInput autoComplete="email" type="email" {...field('email')} />
      <PasswordInput
        autoComplete="new-password"
        visibilityToggleButtonProps={{ 'aria-label': t('fields.showPassword'), tabIndex: 0 }}
        {...field('password')}
      />
    </SimpleGrid>
  );
}
