import { Button, Group, Modal, Stepper } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { IconArrowLeft, IconArrowRight, IconPlayerPlay } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../lib/api-client';
import { useApiErrorMessage } from '../../../../lib/use-api-error-message';
import { useContactImport } from '../../api/use-contact-import';
import { useContactImportEvents } from '../../api/use-contact-import-events';
import { useContactFields } from '../../api/use-contact-fields';
import { useContactLists } from '../../api/use-contact-lists';
import { useContactTags } from '../../api/use-contact-tags';
import { refreshContactBook } from '../../api/contacts-cache';
import { useContactsNotifications } from '../../hooks/use-contacts-notifications';
import { IMPORT_STEPS, NEW_LIST, prepareAndStart, useImportFlow, type ImportStep } from '../../hooks/use-import-flow';
import { useImportText } from '../../import-text';
import { columnProblems, hasProblems } from '../../lib/import-columns';
import { ColumnsStep } from './columns-step';
import { OptionsStep } from './options-step';
import { RunStep } from './run-step';
import { UploadStep } from './upload-step';
import classes from './import-modal.module.css';

const isRunning = (state: string | undefined) => state === 'running' || state === 'uploaded';

/** Once the import has ended, the contact book shows what it wrote (also when the socket missed it). */
function useRefreshWhenEnded(state: string | undefined) {
  const queryClient = useQueryClient();
  const seenRunning = useRef(false);
  useEffect(() => {
    if (isRunning(state)) seenRunning.current = true;
    else if (state && seenRunning.current) {
      seenRunning.current = false;
      void refreshContactBook(queryClient);
    }
  }, [state, queryClient]);
}

/**
 * Importing a CSV in four steps: the file (dropped or picked), its columns (a preview of the
 * first rows, each column's target, remembered from the last import), the options (default
 * country, update or skip, list, tags), then the run: live progress, cancel, and the report.
 */
export default function ImportModal({ onClose }: { onClose: (runningImportId: string | null) => void }) {
  useContactImportEvents();
  const t = useImportText();
  const { t: tCommon } = useTranslation();
  const notify = useContactsNotifications();
  const errorMessage = useApiErrorMessage();
  const fullScreen = useMediaQuery('(max-width: 48em)');
  const flow = useImportFlow();
  const fields = useContactFields();
  const lists = useContactLists();
  const tags = useContactTags();
  const fieldKeys = useMemo(() => fields.data?.map(({ key }) => key) ?? [], [fields.data]);
  const problems = useMemo(() => columnProblems(flow.columns, fieldKeys), [flow.columns, fieldKeys]);
  const report = useContactImport(flow.runningId);
  useRefreshWhenEnded(report.data?.state);
  const [starting, setStarting] = useState(false);
  const [listError, setListError] = useState<string | null>(null);

  const index = IMPORT_STEPS.indexOf(flow.step);
  const running = flow.step === 'run' && isRunning(report.data?.state);
  // Closed while the import runs: the page says when it has ended.
  const close = () => onClose(running ? flow.runningId : null);
  const stepLabel = (key: ImportStep) => ({
    label: t(`steps.${key}`),
    description: t(`steps.${key}Description`),
  });

  const start = async () => {
    if (!flow.upload) return;
    if (flow.options.list === NEW_LIST && !flow.options.newListName.trim()) {
      setListError(t('options.newListRequired'));
      return;
    }
    setStarting(true);
    setListError(null);
    try {
      flow.started(await prepareAndStart(flow.upload.import.id, flow.columns, flow.options, fieldKeys));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'CONTACT_LIST_NAME_TAKEN') setListError(errorMessage(error));
      else notify.failure(error);
    } finally {
      setStarting(false);
    }
  };

  return (
    <Modal
      opened
      onClose={close}
      title={t('title')}
      size="64rem"
      radius="lg"
      fullScreen={fullScreen}
      closeButtonProps={{ 'aria-label': tCommon('close') }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Stepper
        active={index}
        onStepClick={(target) => target < index && flow.step !== 'run' && flow.goTo(IMPORT_STEPS[target]!)}
        size="sm"
        allowNextStepsSelect={false}
        classNames={{ stepBody: classes.stepBody }}
      >
        <Stepper.Step {...stepLabel('upload')}>
          <UploadStep onUploaded={(answer) => flow.uploaded(answer, fieldKeys)} />
        </Stepper.Step>
        <Stepper.Step {...stepLabel('columns')}>
          {flow.upload && (
            <ColumnsStep
              upload={flow.upload}
              columns={flow.columns}
              fieldKeys={fieldKeys}
              problems={problems}
              onChange={flow.changeColumn}
            />
          )}
        </Stepper.Step>
        <Stepper.Step {...stepLabel('options')}>
          <OptionsStep
            value={flow.options}
            onChange={(change) => {
              if ('newListName' in change || 'list' in change) setListError(null);
              flow.changeOptions(change);
            }}
            lists={lists.data ?? []}
            tags={tags.data?.map(({ tag }) => tag) ?? []}
            listError={listError}
          />
        </Stepper.Step>
        <Stepper.Step {...stepLabel('run')} loading={running}>
          <RunStep report={report.data} />
        </Stepper.Step>
      </Stepper>
      <Group justify="space-between" mt="xl">
        {flow.step === 'columns' || flow.step === 'options' ? (
          <Button
            variant="default"
            leftSection={<IconArrowLeft size={16} aria-hidden className={classes.flip} />}
            onClick={() => flow.goTo(IMPORT_STEPS[index - 1]!)}
          >
            {t('back')}
          </Button>
        ) : (
          <span />
        )}
        {flow.step === 'columns' && (
          <Button
            rightSection={<IconArrowRight size={16} aria-hidden className={classes.flip} />}
            disabled={hasProblems(problems)}
            onClick={() => flow.goTo('options')}
          >
            {t('next')}
          </Button>
        )}
        {flow.step === 'options' && (
          <Button
            leftSection={<IconPlayerPlay size={16} aria-hidden />}
            loading={starting}
            onClick={() => void start()}
          >
            {t('options.start')}
          </Button>
        )}
        {flow.step === 'run' && !running && (
          <Group gap="xs">
            <Button variant="default" onClick={flow.again}>
              {t('run.again')}
            </Button>
            <Button onClick={close}>{t('run.done')}</Button>
          </Group>
        )}
      </Group>
    </Modal>
  );
}
