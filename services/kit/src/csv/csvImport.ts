/**
 * What every CSV import route does the same way (the stock inventory, the swap-meet bookings): read
 * the multipart upload with the domain's « no file » code, require a file that is CSV, read the
 * `dry-run` flag, and answer the import — a file that turns out not to be CSV is the domain's
 * NOT_CSV, and an import with errors is refused whole: 422 with its result, nothing changed.
 */
import type { Context } from 'koa';
import { HttpError } from '../http/errors.ts';
import { readUpload, type Upload, type UploadedFile } from '../http/multipart.ts';
import { isCsvUpload, NotCsvError } from './csvFile.ts';

/** An import refused whole (some lines have errors): its 422 body carries `result` (the errors, line by line). */
export class CsvImportRejected<R extends object = object> extends Error {
  readonly code = 'IMPORT_REJECTED';
  constructor(
    message: string,
    readonly result: R,
  ) {
    super(message);
  }
}

/** The 422 body of a refused import: `{ error, code: 'IMPORT_REJECTED', …result }`. */
export const csvImportRejectedBody = (err: CsvImportRejected) => ({ error: err.message, code: err.code, ...err.result });

export interface CsvUploadOptions {
  maxFileBytes: number;
  /** The domain's French « no file » message (docs/spec.md §5); the kit's refusal then carries `NO_FILE`. */
  noFileMessage: string;
}

/** Reads the multipart upload; the kit's own « no file » refusal (not a multipart body) gets the `NO_FILE` code. */
export function readCsvUpload(ctx: Context, { maxFileBytes, noFileMessage }: CsvUploadOptions): Promise<Upload> {
  return readUpload(ctx, { maxFileBytes, noFileMessage }).catch((err: unknown) => {
    if (err instanceof HttpError && err.status === 400 && err.message === noFileMessage) err.withCode('NO_FILE');
    throw err;
  });
}

/** The upload's file when there is one and it is CSV, else the domain's refusal. */
export function requireCsvFile(upload: Upload, refuse: { noFile: () => Error; notCsv: () => Error }): UploadedFile {
  if (!upload.file) throw refuse.noFile();
  if (!isCsvUpload(upload.file.filename, upload.file.mimeType)) throw refuse.notCsv();
  return upload.file;
}

/** `?dry-run=` is on unless it says `0` or `false`: an import is checked before it is applied. */
export const isDryRun = (value: string | undefined): boolean => value !== '0' && value !== 'false';

/** Runs the import and answers it: NOT_CSV for a file that is not CSV after all, 422 for a refused import. */
export async function answerCsvImport<T>(ctx: Context, run: () => Promise<T>, notCsv: () => Error): Promise<T | undefined> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof NotCsvError) throw notCsv();
    if (err instanceof CsvImportRejected) {
      ctx.status = 422;
      ctx.body = csvImportRejectedBody(err);
      return undefined;
    }
    throw err;
  }
}
