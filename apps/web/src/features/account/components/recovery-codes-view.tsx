import { Alert, Button, CopyButton, Group, Stack } from '@mantine/core';
import { IconCheck, IconCopy, IconDownload, IconShieldCheck } from '@tabler/icons-react';
import { saveFile } from '../../../lib/save-file';
import { useAccountText } from '../account-text';
import { recoveryCodesFile } from '../lib/recovery-codes';
import classes from './settings.module.css';

interface RecoveryCodesViewProps {
  codes: string[];
  /** The account's address, named in the downloaded file. */
  email: string;
  onDone: () => void;
}

/** The new recovery codes, shown this once: copy, download, then "Done". */
export function RecoveryCodesView({ codes, email, onDone }: RecoveryCodesViewProps) {
  const t = useAccountText();
  const all = codes.join('\n');
  return (
    <Stack gap="md" maw={520}>
      <Alert color="orange" icon={<IconShieldCheck aria-hidden />} title={t('twoFactor.codes.title')}>
        {t('twoFactor.codes.once')}
      </Alert>
      <ul className={classes.codes} dir="ltr" aria-label={t('twoFactor.codes.title')} data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <Group gap="sm">
        <CopyButton value={all} timeout={2000}>
          {({ copied, copy }) => (
            <Button
              variant="default"
              onClick={copy}
              leftSection={copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
            >
              {copied ? t('twoFactor.codes.copied') : t('twoFactor.codes.copy')}
            </Button>
          )}
        </CopyButton>
        <Button
          variant="default"
          leftSection={<IconDownload size={18} aria-hidden />}
          onClick={() =>
            saveFile(
              recoveryCodesFile(t('twoFactor.codes.fileHeading', { email }), codes),
              'switchboard-recovery-codes.txt',
            )
          }
        >
          {t('twoFactor.codes.download')}
        </Button>
        <Button onClick={onDone}>{t('twoFactor.codes.done')}</Button>
      </Group>
    </Stack>
  );
}
