import { Group, Skeleton, Stack } from '@mantine/core';

/** The player's shape while wavesurfer.js or the recording's link loads. */
export function PlayerSkeleton() {
  return (
    <Stack gap="sm" aria-hidden>
      <Skeleton height={80} radius="md" />
      <Group gap="sm">
        <Skeleton height={40} circle />
        <Skeleton height={16} width={90} />
        <Skeleton height={28} width={200} ml="auto" />
      </Group>
    </Stack>
  );
}
