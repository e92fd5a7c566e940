import { ActionIcon, Code, CopyButton, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useDevelopersText } from '../developers-text';
import classes from './developers.module.css';

interface CopyCodeProps {
  /** What the code is, for the copy button's name ("Copy: Base URL"). */
  label: string;
  code: string;
}

/** A code block (a URL, a command, a secret) with a copy button; left-to-right in every language. */
export function CopyCode({ label, code }: CopyCodeProps) {
  const t = useDevelopersText();
  return (
    <div className={classes.codeBox} dir="ltr">
      <Code block className={classes.code}>
        {code}
      </Code>
      <CopyButton value={code} timeout={2000}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t('copy.copied') : t('copy.copy')} withArrow>
            <ActionIcon
              className={classes.copy}
              variant={copied ? 'filled' : 'default'}
              color={copied ? 'success' : undefined}
              size="md"
              onClick={copy}
              aria-label={t('copy.label', { what: label })}
            >
              {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </div>
  );
}
