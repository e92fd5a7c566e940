import { Alert, Badge, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { IMPORT_PREVIEW_ROWS, MAX_CUSTOM_FIELDS, type ContactImportUploadResponse } from '@switchboard/contract';
import { IconHistory, IconInfoCircle } from '@tabler/icons-react';
import { useMemo } from 'react';
import { isolateText } from '../../../../lib/isolate';
import { useImportText, type ImportText } from '../../import-text';
import type { ColumnProblem, ColumnProblems, ImportColumn } from '../../lib/import-columns';
import { cellDirection } from '../../lib/import-report';
import classes from './import-modal.module.css';

interface ColumnsStepProps {
  upload: ContactImportUploadResponse;
  columns: readonly ImportColumn[];
  fieldKeys: readonly string[];
  problems: ColumnProblems;
  onChange: (index: number, change: Partial<ImportColumn>) => void;
}

const BASIC_TARGETS = ['number', 'name', 'tags', 'timeZone', 'ignore'] as const;

function problemText(problem: ColumnProblem, t: ImportText): string {
  return problem.kind === 'keyInvalid' ? t('columns.keyInvalid') : t(`columns.${problem.kind}`, { key: problem.key });
}

/** The choices of a column's select: the contact's own values, then the custom fields. */
function useTargetOptions(fieldKeys: readonly string[]) {
  const t = useImportText();
  return useMemo(
    () => [
      {
        group: t('columns.targets.basic'),
        items: BASIC_TARGETS.map((target) => ({ value: target, label: t(`columns.targets.${target}`) })),
      },
      {
        group: t('columns.targets.fields'),
        items: [
          ...fieldKeys.map((key) => ({ value: `field:${key}`, label: key })),
          { value: 'newField', label: t('columns.targets.newField') },
        ],
      },
    ],
    [t, fieldKeys],
  );
}

/** What was read (delimiter, BOM, rows) and whether the columns are the remembered ones. */
function FileSummary({ upload }: { upload: ContactImportUploadResponse }) {
  const t = useImportText();
  const file = upload.import;
  return (
    <Stack gap={6}>
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={600} dir="auto">
          {file.totalRows === 1
            ? t('columns.summaryOne', { file: isolateText(file.fileName) })
            : t('columns.summary', { file: isolateText(file.fileName), rows: file.totalRows.toLocaleString() })}
        </Text>
        <Badge variant="default" tt="none" data-testid="import-delimiter">
          {t('columns.delimiter', { delimiter: t(`columns.delimiters.${file.delimiter}`) })}
        </Badge>
        {file.hasBom && (
          <Badge variant="default" tt="none">
            {t('columns.bom')}
          </Badge>
        )}
      </Group>
      <Group gap={6} wrap="nowrap">
        {upload.rememberedMapping ? <IconHistory size={16} aria-hidden /> : <IconInfoCircle size={16} aria-hidden />}
        <Text size="sm" c="dimmed">
          {upload.rememberedMapping ? t('columns.remembered') : t('columns.suggested')}
        </Text>
      </Group>
    </Stack>
  );
}

/** The preview of the first rows, each column headed by what it becomes. */
export function ColumnsStep({ upload, columns, fieldKeys, problems, onChange }: ColumnsStepProps) {
  const t = useImportText();
  const options = useTargetOptions(fieldKeys);
  const general = problems.mapping;
  return (
    <Stack gap="sm">
      <FileSummary upload={upload} />
      <Table.ScrollContainer minWidth={Math.max(480, columns.length * 180)} className={classes.preview}>
        <Table withTableBorder withColumnBorders striped fz="sm" aria-label={t('columns.previewLabel')}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column, index) => (
                <Table.Th key={index} className={classes.columnHead}>
                  <Stack gap={6}>
                    <Text size="sm" fw={700} dir="auto" className={classes.headerName}>
                      {column.name}
                    </Text>
                    <Select
                      size="xs"
                      aria-label={t('columns.columnTarget', { column: column.name })}
                      data={options}
                      value={column.choice}
                      allowDeselect={false}
                      onChange={(choice) => choice && onChange(index, { choice: choice as ImportColumn['choice'] })}
                      comboboxProps={{ withinPortal: true }}
                      data-choice={column.choice}
                    />
                    {column.choice === 'newField' && (
                      <TextInput
                        size="xs"
                        label={t('columns.newFieldKey')}
                        placeholder={t('columns.newFieldKeyHint')}
                        value={column.newKey}
                        dir="ltr"
                        error={problems.columns.has(index) && problemText(problems.columns.get(index)!, t)}
                        onChange={(event) => onChange(index, { newKey: event.currentTarget.value })}
                      />
                    )}
                  </Stack>
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {upload.preview.map((row, rowIndex) => (
              <Table.Tr key={rowIndex}>
                {columns.map((column, index) => (
                  <Table.Td key={index} data-ignored={column.choice === 'ignore' || undefined}>
                    <span dir={cellDirection(row[index] ?? '')}>{row[index] ?? ''}</span>
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="xs" c="dimmed">
        {t('columns.previewNote', { n: Math.min(IMPORT_PREVIEW_ROWS, upload.preview.length) })}
      </Text>
      {general && (
        <Alert color={general === 'needNumber' ? 'yellow' : 'red'} variant="light" role="alert">
          {general === 'tooManyFields'
            ? t('columns.tooManyFields', { max: MAX_CUSTOM_FIELDS, existing: fieldKeys.length })
            : t(`columns.${general}`)}
        </Alert>
      )}
    </Stack>
  );
}
