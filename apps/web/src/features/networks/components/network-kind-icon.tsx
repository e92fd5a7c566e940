import { ThemeIcon, type ThemeIconProps } from '@mantine/core';
import type { NetworkKind } from '@switchboard/contract';
import { KIND_COLORS, KIND_ICONS } from '../lib/network-kinds';

interface NetworkKindIconProps extends Omit<ThemeIconProps, 'children' | 'color'> {
  kind: NetworkKind;
}

/** The kind's icon in its colour; decorative (the kind is always written next to it). */
export function NetworkKindIcon({ kind, size = 'lg', ...props }: NetworkKindIconProps) {
  const Icon = KIND_ICONS[kind];
  return (
    <ThemeIcon variant="light" radius="md" size={size} color={KIND_COLORS[kind]} aria-hidden {...props}>
      <Icon size="65%" stroke={1.7} />
    </ThemeIcon>
  );
}
