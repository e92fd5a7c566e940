import type { ContactImportUploadResponse, ImportMode, StartContactImportBody } from '@switchboard/contract';
import { useState } from 'react';
import { createContactList } from '../api/use-contact-list-mutations';
import { saveContactFields } from '../api/use-contact-fields';
import { startContactImport } from '../api/use-start-contact-import';
import { initialColumns, newFieldKeys, toMapping, type ImportColumn } from '../lib/import-columns';

/** The list choice that makes a new list with the name typed next to it. */
export const NEW_LIST = 'new';

export interface ImportOptions {
  defaultCountry: string | null;
  mode: ImportMode;
  /** A list's id, NEW_LIST, or null for none. */
  list: string | null;
  newListName: string;
  tags: string[];
}

export const DEFAULT_OPTIONS: ImportOptions = {
  defaultCountry: null,
  mode: 'update',
  list: null,
  newListName: '',
  tags: [],
};

export type ImportStep = 'upload' | 'columns' | 'options' | 'run';
export const IMPORT_STEPS: readonly ImportStep[] = ['upload', 'columns', 'options', 'run'];

/**
 * What starting needs first: the custom fields typed as new (added to the workspace's keys), the
 * new list; then the start itself with the mapping and options. Returns the started import's id.
 */
export async function prepareAndStart(
  importId: string,
  columns: readonly ImportColumn[],
  options: ImportOptions,
  fieldKeys: readonly string[],
): Promise<string> {
  const added = newFieldKeys(columns, fieldKeys);
  if (added.length) await saveContactFields({ fields: [...fieldKeys, ...added].map((key) => ({ key })) });
  const listId =
    options.list === NEW_LIST ? (await createContactList({ name: options.newListName.trim() })).id : options.list;
  const body: StartContactImportBody = {
    mapping: toMapping(columns),
    defaultCountry: options.defaultCountry,
    mode: options.mode,
    listId,
    tags: options.tags,
  };
  return (await startContactImport(importId, body)).id;
}

/** The import dialog's state: where it is, the upload's answer, the columns and options chosen. */
export function useImportFlow() {
  const [step, setStep] = useState<ImportStep>('upload');
  const [upload, setUpload] = useState<ContactImportUploadResponse | null>(null);
  const [columns, setColumns] = useState<ImportColumn[]>([]);
  const [options, setOptions] = useState<ImportOptions>(DEFAULT_OPTIONS);
  const [runningId, setRunningId] = useState<string | null>(null);

  return {
    step,
    upload,
    columns,
    options,
    runningId,
    goTo: setStep,
    /** A file was read back: its columns as remembered (or guessed), on to the columns step. */
    uploaded(answer: ContactImportUploadResponse, fieldKeys: readonly string[]) {
      setUpload(answer);
      setColumns(initialColumns(answer, fieldKeys));
      setStep('columns');
    },
    changeColumn(index: number, change: Partial<ImportColumn>) {
      setColumns((current) => current.map((column, i) => (i === index ? { ...column, ...change } : column)));
    },
    changeOptions(change: Partial<ImportOptions>) {
      setOptions((current) => ({ ...current, ...change }));
    },
    started(id: string) {
      setRunningId(id);
      setStep('run');
    },
    /** Another file: the options stay (the same list and tags are likely), the rest starts over. */
    again() {
      setUpload(null);
      setColumns([]);
      setRunningId(null);
      setStep('upload');
    },
  };
}

export type ImportFlow = ReturnType<typeof useImportFlow>;
