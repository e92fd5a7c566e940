import { Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './network-settings.module.css';

interface PanelCardProps {
  title?: string;
  description?: string;
  actions?: ReactNode;
  /** Stays at the bottom, outside the scrolling part (e.g. the save button). */
  footer?: ReactNode;
  children: ReactNode;
  /**
   * Grows to fill its column; otherwise it keeps its natural height while there is room. Either
   * way its body scrolls inside when the window is short.
   */
  grow?: boolean;
}

/** A titled card whose body scrolls inside it (the settings page itself never scrolls). */
export function PanelCard({ title, description, actions, footer, children, grow = true }: PanelCardProps) {
  return (
    <Card radius="lg" padding={0} className={classes.panel} data-grow={grow || undefined}>
      {(title || actions) && (
        <Group justify="space-between" wrap="nowrap" className={classes.panelHeader} gap="sm">
          <Stack gap={0} miw={0}>
            {title && (
              <Title order={2} size="h5">
                {title}
              </Title>
            )}
            {description && (
              <Text size="xs" c="dimmed">
                {description}
              </Text>
            )}
          </Stack>
          {actions}
        </Group>
      )}
      {/* Native scrolling: it sizes reliably inside the flex columns at every height. */}
      <div className={classes.panelBody}>
        <div className={classes.panelContent}>{children}</div>
      </div>
      {footer && <div className={classes.panelFooter}>{footer}</div>}
    </Card>
  );
}
