import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { QRCodeSVG } from 'qrcode.react';
import { useNetworksText } from '../../networks-text';
import classes from './registration-qr-codes.module.css';

interface RegistrationQrCodesProps {
  /** Each value with its field's name in the app: one code per field, so each pastes on its own. */
  values: Array<{ label: string; value: string }>;
}

/**
 * The pairing details as QR codes, drawn here (qrcode.react, SVG), never by a remote service:
 * the token is a secret. The app cannot read a code itself (smsgate.md: no QR provisioning), so
 * a phone's scanner turns each into text to copy into its field. A lazy chunk of its own.
 */
export default function RegistrationQrCodes({ values }: RegistrationQrCodesProps) {
  const t = useNetworksText();
  return (
    <SimpleGrid cols={{ base: 1, xs: values.length }} spacing="md">
      {values.map(({ label, value }) => (
        <Stack key={label} gap={6} align="center">
          {/* Black on white in both themes, with its quiet zone: what scanners read best. */}
          <Paper withBorder radius="md" p={6} className={classes.code}>
            <QRCodeSVG
              value={value}
              size={168}
              level="M"
              marginSize={2}
              bgColor="#ffffff"
              fgColor="#000000"
              role="img"
              aria-label={t('android.qr.label', { what: label })}
            />
          </Paper>
          <Text size="sm" fw={600}>
            {label}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
