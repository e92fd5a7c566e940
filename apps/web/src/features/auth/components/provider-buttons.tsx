import { Button, Divider, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAuthProviders } from '../api/use-auth-providers';

/** Identity-provider and social sign-in buttons; nothing at all until the server reports one. */
export function ProviderButtons() {
  const { t } = useTranslation('auth');
  const { data: providers = [] } = useAuthProviders();
  if (providers.length === 0) return null;
  return (
    <>
      <Divider my="lg" label={t('providers.divider')} labelPosition="center" />
      <Stack gap="xs">
        {providers.map((provider) => (
          <Button key={provider.id} component="a" href={provider.url} variant="default" fullWidth>
            {t('providers.signInWith', { name: provider.name })}
          </Button>
        ))}
      </Stack>
    </>
  );
}
