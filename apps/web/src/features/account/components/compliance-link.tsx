import { Button, Stack, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useAccountText } from '../account-text';
import classes from './settings.module.css';

/** Where the opt-out, opt-in and help replies are edited: the SMS inbox's compliance settings. */
export function ComplianceLink() {
  const t = useAccountText();
  return (
    <Stack gap="sm" align="flex-start" maw={560}>
      <Text size="sm">{t('compliance.text')}</Text>
      <Button
        component={Link}
        to="/views/conversations?compliance=1"
        variant="light"
        rightSection={<IconArrowRight size={18} aria-hidden className={classes.mirror} />}
      >
        {t('compliance.open')}
      </Button>
    </Stack>
  );
}
