import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import type { ContactImportUploadResponse } from '@switchboard/contract';
import { useRef, useState, type DragEvent } from 'react';
import { useApiErrorMessage } from '../../../../lib/use-api-error-message';
import { useUploadContactImport } from '../../api/use-upload-contact-import';
import { useImportText, type ImportText } from '../../import-text';
import { checkPickedFile, MAX_IMPORT_MB, refusalOf } from '../../lib/import-file-check';
import classes from './import-modal.module.css';

/** A refused file in the user's words: what the server found, and where. */
function refusalText(error: unknown, t: ImportText, fallback: (error: unknown) => string): string {
  const refusal = refusalOf(error);
  if (!refusal) return fallback(error);
  const { problem, line } = refusal;
  if (problem === 'ragged' || problem === 'unreadable')
    return line ? t(`upload.problems.${problem}`, { line }) : t(`upload.problems.${problem}NoLine`);
  return t(`upload.problems.${problem}`);
}

/** The file: dropped on the zone or picked; checked here for size, then read back by the server. */
export function UploadStep({ onUploaded }: { onUploaded: (answer: ContactImportUploadResponse) => void }) {
  const t = useImportText();
  const errorMessage = useApiErrorMessage();
  const upload = useUploadContactImport();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [fileName, setFileName] = useState('');

  const send = (file: File | undefined) => {
    if (!file || upload.isPending) return;
    setFileName(file.name);
    const local = checkPickedFile(file);
    if (local) return setProblem(t(`upload.${local}`, { max: MAX_IMPORT_MB }));
    setProblem(null);
    upload.mutate(file, {
      onSuccess: onUploaded,
      onError: (error) => setProblem(refusalText(error, t, errorMessage)),
    });
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    send(event.dataTransfer.files[0]);
  };

  return (
    <Stack gap="md">
      <div
        className={classes.dropzone}
        data-dropzone
        data-active={dragging || undefined}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        // Moving over the zone's own text and button is no leaving.
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={drop}
      >
        {upload.isPending ? (
          <Stack align="center" gap="xs">
            <Loader size="md" />
            <Text size="sm" aria-live="polite">
              {t('upload.uploading', { name: fileName })}
            </Text>
          </Stack>
        ) : (
          <Stack align="center" gap="xs">
            <IconFileSpreadsheet size={44} stroke={1.4} aria-hidden className={classes.dropIcon} />
            <Text fw={600}>{t('upload.drop')}</Text>
            <Text size="sm" c="dimmed" ta="center">
              {t('upload.hint', { max: MAX_IMPORT_MB })}
            </Text>
            <Button mt="xs" leftSection={<IconUpload size={16} aria-hidden />} onClick={() => input.current?.click()}>
              {t('upload.choose')}
            </Button>
          </Stack>
        )}
        <input
          ref={input}
          type="file"
          accept=".csv,.tsv,.txt,text/csv,text/plain,text/tab-separated-values"
          aria-label={t('upload.choose')}
          className={classes.fileInput}
          onChange={(event) => {
            send(event.currentTarget.files?.[0]);
            event.currentTarget.value = '';
          }}
        />
      </div>
      {problem && (
        <Alert color="red" variant="light" title={t('upload.refused')} role="alert">
          <Text size="sm" dir="auto">
            {fileName && <b dir="auto">{fileName}: </b>}
            {problem}
          </Text>
        </Alert>
      )}
    </Stack>
  );
}
