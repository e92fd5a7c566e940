import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { Order, TestPayment } from '@switchboard/contract';
import { IconFlask } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useCheckoutText } from '../checkout-text';
import { useCheckoutFormat } from '../lib/checkout-format';
import classes from './billing-checkout.module.css';

/**
 * The offline test provider's payment: a card form that takes only the well-known test numbers,
 * or the test PayPal buttons. Clearly marked: no real payment is made. The number goes to the
 * server once, for this confirmation; nothing keeps it.
 */
export function TestPaymentCard({
  order,
  pending,
  onPay,
}: {
  order: Order;
  pending: boolean;
  onPay: (payment: TestPayment) => void;
}) {
  const t = useCheckoutText();
  const format = useCheckoutFormat();
  const amount = format.money(order.quote.totalCents);
  return (
    <Card padding="lg" radius="md" className={classes.testMode} data-testid="test-payment">
      <Stack gap="md">
        <Group gap="xs">
          <Badge color="orange" variant="filled" leftSection={<IconFlask size={14} aria-hidden />}>
            {t('test.badge')}
          </Badge>
        </Group>
        <Alert color="orange" variant="light">
          {order.method === 'card' ? t('test.cardNotice') : t('test.paypalNotice')}
        </Alert>
        {order.method === 'card' ? (
          <TestCardForm amount={amount} pending={pending} onPay={onPay} />
        ) : (
          <Group>
            <Button
              color="yellow"
              c="dark"
              loading={pending}
              onClick={() => onPay({ method: 'paypal', decision: 'approve' })}
            >
              {t('test.approve')}
            </Button>
            <Button
              variant="default"
              disabled={pending}
              onClick={() => onPay({ method: 'paypal', decision: 'cancel' })}
            >
              {t('test.cancel')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

function TestCardForm({
  amount,
  pending,
  onPay,
}: {
  amount: string;
  pending: boolean;
  onPay: (p: TestPayment) => void;
}) {
  const t = useCheckoutText();
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onPay({ method: 'card', number: number.replace(/\s+/g, ''), expiry: expiry.trim(), cvc: cvc.trim() });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('test.cardNumber')}
          placeholder="4242 4242 4242 4242"
          inputMode="numeric"
          autoComplete="off"
          maxLength={23}
          required
          value={number}
          onChange={(event) => setNumber(event.currentTarget.value)}
        />
        <SimpleGrid cols={2} spacing="md">
          <TextInput
            label={t('test.expiry')}
            placeholder="12/34"
            autoComplete="off"
            maxLength={7}
            required
            value={expiry}
            onChange={(event) => setExpiry(event.currentTarget.value)}
          />
          <TextInput
            label={t('test.cvc')}
            placeholder="123"
            inputMode="numeric"
            autoComplete="off"
            maxLength={4}
            required
            value={cvc}
            onChange={(event) => setCvc(event.currentTarget.value)}
          />
        </SimpleGrid>
        <Button type="submit" loading={pending} disabled={!number || !expiry || !/^\d{3,4}$/.test(cvc.trim())}>
          {t('test.pay', { amount })}
        </Button>
      </Stack>
    </form>
  );
}
