import { ActionIcon, CopyButton, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface CopyActionProps {
  value: string;
  /** What is copied, for the button's name ("Copy: Base URL"). */
  label: string;
  size?: 'md' | 'lg';
  className?: string;
}

/** A copy-to-clipboard button whose tooltip says "Copied" for two seconds after a click. */
export function CopyAction({ value, label, size = 'md', className }: CopyActionProps) {
  const { t } = useTranslation();
  const iconSize = size === 'lg' ? 18 : 16;
  return (
    <CopyButton value={value} timeout={2000}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? t('copy.copied') : t('copy.copy')} withArrow>
          <ActionIcon
            className={className}
            variant={copied ? 'filled' : 'default'}
            color={copied ? 'success' : undefined}
            size={size}
            onClick={copy}
            aria-label={t('copy.label', { what: label })}
          >
            {copied ? <IconCheck size={iconSize} aria-hidden /> : <IconCopy size={iconSize} aria-hidden />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}
