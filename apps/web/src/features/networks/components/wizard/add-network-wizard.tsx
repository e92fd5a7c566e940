import { Button, Group, Modal, Stepper } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import type { CreateNetworkBody, NetworkKind, NetworkResponse } from '@switchboard/contract';
import { IconPlugConnected, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../lib/api-client';
import { useCreateNetwork } from '../../api/use-create-network';
import { useTestNewConnection } from '../../api/use-test-new-connection';
import { useApiErrorMessage } from '../../../../lib/use-api-error-message';
import { useNetworksNotifications } from '../../hooks/use-networks-notifications';
import { createBody, emptyFormValues, type NetworkFormValues } from '../../lib/network-form';
import { hasConnectionTest } from '../../lib/network-kinds';
import { checkCreateBody, serverFieldErrors } from '../../lib/network-validation';
import { useNetworksText } from '../../networks-text';
import { ConnectionStep } from './connection-step';
import { DetailsStep } from './details-step';
import { KindStep } from './kind-step';
import { SavedStep } from './saved-step';
import classes from './wizard.module.css';

/** Past the last step: Mantine shows every step done and the Completed content. */
const SAVED = 4;

interface AddNetworkWizardProps {
  onClose: () => void;
  onOpenPhone: (id: string) => void;
}

/** "Add New Network": kind → details (the contract's schema) → connection test → saved. */
export default function AddNetworkWizard({ onClose, onOpenPhone }: AddNetworkWizardProps) {
  const t = useNetworksText();
  const { t: tCommon } = useTranslation();
  const notify = useNetworksNotifications();
  const errorMessage = useApiErrorMessage();
  const fullScreen = useMediaQuery('(max-width: 36em)');
  const [step, setStep] = useState(0);
  const [kind, setKind] = useState<NetworkKind | null>(null);
  const [body, setBody] = useState<CreateNetworkBody | null>(null);
  const [created, setCreated] = useState<NetworkResponse | null>(null);
  const form = useForm<NetworkFormValues>({ initialValues: emptyFormValues('sandbox') });
  const test = useTestNewConnection();
  const create = useCreateNetwork();

  const chooseKind = (next: NetworkKind) => {
    setKind(next);
    form.setValues({ ...emptyFormValues(next), name: form.getValues().name });
    form.clearErrors();
  };

  const runTest = (checked: CreateNetworkBody) => {
    test.reset();
    if (hasConnectionTest(checked.kind)) test.mutate(checked);
  };

  const goToTest = () => {
    if (!kind) return;
    const checked = checkCreateBody(createBody(kind, form.getValues()), t);
    if (!checked.ok) {
      form.setErrors(checked.errors);
      return;
    }
    setBody(checked.data);
    setStep(2);
    runTest(checked.data);
  };

  const save = () => {
    if (!body) return;
    create.mutate(body, {
      onSuccess: (answer) => {
        setCreated(answer);
        setStep(SAVED);
        notify.success(t('notifications.created', { name: answer.network.name }));
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fields?.length) {
          const translated = error.code === 'VALIDATION_FAILED' ? undefined : errorMessage(error);
          form.setErrors(serverFieldErrors(body.kind, error.fields, translated));
          setStep(1);
        }
        notify.failure(error);
      },
    });
  };

  const testFailed = Boolean(body && hasConnectionTest(body.kind) && (test.isError || test.data?.ok === false));
  const stepLabel = (key: 'kind' | 'details' | 'test' | 'done') => ({
    label: t(`wizard.steps.${key}`),
    description: t(`wizard.steps.${key}Description`),
  });

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('wizard.title')}
      size="xl"
      radius="lg"
      fullScreen={fullScreen}
      closeButtonProps={{ 'aria-label': tCommon('close') }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Stepper
        active={step}
        onStepClick={(target) => target < step && step !== SAVED && setStep(target)}
        size="sm"
        classNames={{ root: classes.stepper, stepBody: classes.stepBody }}
        allowNextStepsSelect={false}
      >
        <Stepper.Step {...stepLabel('kind')}>
          <KindStep value={kind} onChange={chooseKind} />
        </Stepper.Step>
        <Stepper.Step {...stepLabel('details')}>
          {kind && (
            <form
              id="add-network-details"
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                goToTest();
              }}
            >
              <DetailsStep kind={kind} form={form} />
            </form>
          )}
        </Stepper.Step>
        <Stepper.Step {...stepLabel('test')} loading={test.isPending}>
          {body && (
            <ConnectionStep body={body} test={{ pending: test.isPending, result: test.data, error: test.error }} />
          )}
        </Stepper.Step>
        <Stepper.Step {...stepLabel('done')} />
        <Stepper.Completed>{created && <SavedStep created={created} onOpenPhone={onOpenPhone} />}</Stepper.Completed>
      </Stepper>

      <Group justify="space-between" mt="xl" gap="sm">
        {step > 0 && step < SAVED ? (
          <Button variant="default" onClick={() => setStep(step - 1)} disabled={create.isPending}>
            {t('wizard.back')}
          </Button>
        ) : (
          <span />
        )}
        <Group gap="sm">
          {step === 0 && (
            <Button onClick={() => setStep(1)} disabled={!kind}>
              {t('wizard.next')}
            </Button>
          )}
          {step === 1 && (
            <Button type="submit" form="add-network-details">
              {t('wizard.next')}
            </Button>
          )}
          {step === 2 && body && hasConnectionTest(body.kind) && !test.isPending && (
            <Button variant="default" leftSection={<IconRefresh size={18} aria-hidden />} onClick={() => runTest(body)}>
              {t('wizard.retry')}
            </Button>
          )}
          {step === 2 && (
            <Button
              onClick={save}
              loading={create.isPending}
              disabled={test.isPending}
              color={testFailed ? 'orange' : undefined}
              leftSection={<IconPlugConnected size={18} aria-hidden />}
            >
              {testFailed ? t('wizard.saveAnyway') : t('wizard.save')}
            </Button>
          )}
          {step === SAVED && <Button onClick={onClose}>{t('wizard.done')}</Button>}
        </Group>
      </Group>
    </Modal>
  );
}
