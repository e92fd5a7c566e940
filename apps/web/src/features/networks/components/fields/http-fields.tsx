import { Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { NetworkFormValues } from '../../lib/network-form';
import { useNetworksText } from '../../networks-text';
import { SecretInput } from './secret-input';

interface HttpFieldsProps {
  form: UseFormReturnType<NetworkFormValues>;
  /** The stored auth token, masked, on a saved network. */
  maskedAuthToken?: string;
}

/** A Twilio-compatible account: SID, auth token and the API's base URL. */
export function HttpFields({ form, maskedAuthToken }: HttpFieldsProps) {
  const t = useNetworksText();
  return (
    <Stack gap="sm">
      <TextInput
        label={t('fields.accountSid')}
        placeholder="AC…"
        required
        dir="ltr"
        autoComplete="off"
        {...form.getInputProps('http.accountSid')}
      />
      <SecretInput
        label={t('fields.authToken')}
        description={t('fields.authTokenDescription')}
        required
        masked={maskedAuthToken}
        {...form.getInputProps('http.authToken')}
      />
      <TextInput
        label={t('fields.apiBaseUrl')}
        description={t('fields.apiBaseUrlDescription')}
        required
        dir="ltr"
        type="url"
        {...form.getInputProps('http.apiBaseUrl')}
      />
    </Stack>
  );
}
