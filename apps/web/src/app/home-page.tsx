import { Container, Stack, Text, Title } from '@mantine/core';
import { ServerStatusBadge } from '../features/health/components/server-status-badge';

export function HomePage() {
  return (
    <Container size="sm" py="xl">
      <Stack gap="md" align="flex-start">
        <Title order={1}>Switchboard</Title>
        <Text c="dimmed">
          Bulk SMS and voice messaging: one inbox for your numbers, auto-replies, campaigns and a developer API.
        </Text>
        <ServerStatusBadge />
      </Stack>
    </Container>
  );
}
