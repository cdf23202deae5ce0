import { useState } from 'react';
import { LIMITS } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';

/** What is wrong with a chosen file before it is sent (spec §5), as a message key, or undefined. */
export function uploadFileProblem(file: { name: string; size: number }): string | undefined {
  if ([...file.name].length > LIMITS.uploadFileNameMax) return 'uploadFile.fileNameTooLong';
  if (file.size === 0) return 'uploadFile.emptyContent';
  return undefined;
}

/** The one file of an upload dialog and what is wrong with it, shown under the field (`OneFileField`). */
export interface OneFile {
  file: File | null;
  error: string | undefined;
  /** A file was chosen: checked at once by spec §5's rules. */
  choose(file: File): void;
  clear(): void;
  /** Shows the server's word on the file (its type is told by the content there). */
  setError(message: string | undefined): void;
  /** The file when one is chosen and nothing is wrong with it; otherwise says so under the field. */
  ready(): File | undefined;
}

export function useOneFile(): OneFile {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();
  return {
    file,
    error,
    choose: (chosen) => {
      setFile(chosen);
      const problem = uploadFileProblem(chosen);
      setError(problem ? t(problem, LIMITS) : undefined);
    },
    clear: () => {
      setFile(null);
      setError(undefined);
    },
    setError,
    ready: () => {
      if (!file) {
        setError(t('uploadFile.choose'));
        return undefined;
      }
      return error ? undefined : file;
    },
  };
}
