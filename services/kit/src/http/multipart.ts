/**
 * Reads a `multipart/form-data` upload (one file and a few text fields) with busboy, keeping the
 * file in memory up to a limit. Used by the CSV importers and the prize illustration upload.
 */
import busboy from 'busboy';
import type { Context } from 'koa';
import { badRequest, HttpError } from './errors.ts';

export interface UploadedFile {
  filename: string;
  mimeType: string;
  data: Buffer;
}

export interface Upload {
  /** The part named `fileField`, or null when none was sent (or it was empty without a name). */
  file: UploadedFile | null;
  fields: Record<string, string>;
}

export interface ReadUploadOptions {
  fileField?: string;
  maxFileBytes: number;
  /** French message when the request carries no file at all. */
  noFileMessage: string;
  /** French message when the file is above `maxFileBytes` (413); a generic one by default. */
  tooLargeMessage?: string;
}

/** French answer to a body cut short or malformed (400): the upload is refused whole. */
export const MALFORMED_UPLOAD_MESSAGE = "Envoi du fichier interrompu ou mal formé : réessayez l'import.";

/** Reads the upload; a file above the limit is refused with 413 before it is kept whole. */
export function readUpload(ctx: Context, options: ReadUploadOptions): Promise<Upload> {
  const fileField = options.fileField ?? 'file';
  const contentType = ctx.get('Content-Type');
  if (!/^multipart\/form-data/i.test(contentType)) return Promise.reject(badRequest(options.noFileMessage).withCode('NO_FILE'));

  return new Promise<Upload>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: ctx.req.headers,
        defParamCharset: 'utf8',
        limits: { files: 1, fields: 20, fieldSize: 16 * 1024, parts: 30, fileSize: options.maxFileBytes },
      });
    } catch {
      reject(badRequest(options.noFileMessage).withCode('NO_FILE'));
      return;
    }
    const fields: Record<string, string> = {};
    let file: UploadedFile | null = null;
    let failure: HttpError | null = null;
    let pending: Promise<void> = Promise.resolve();
    let settled = false;
    // A body cut before its closing boundary makes busboy emit « Unexpected end of form » on the
    // parser AND on the open file stream: every stream gets an error handler, or the process dies.
    const malformed = () => {
      if (settled) return;
      settled = true;
      ctx.req.unpipe(parser);
      ctx.req.resume();
      reject(badRequest(MALFORMED_UPLOAD_MESSAGE).withCode('VALIDATION'));
    };

    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      stream.on('error', malformed);
      if (name !== fileField || file) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      pending = new Promise<void>((done) => {
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('limit', () => {
          failure = new HttpError(
            413,
            options.tooLargeMessage ?? `Le fichier dépasse la taille maximale (${Math.round(options.maxFileBytes / 1024 / 1024)} Mo).`,
          ).withCode('TOO_LARGE');
        });
        stream.on('error', () => done());
        stream.on('close', () => {
          const data = Buffer.concat(chunks);
          if (info.filename || data.length > 0) {
            file = { filename: info.filename ?? '', mimeType: info.mimeType ?? '', data };
          }
          done();
        });
      });
    });
    parser.on('error', malformed);
    ctx.req.on('error', malformed);
    ctx.req.on('aborted', malformed);
    parser.on('close', () => {
      void pending.then(() => {
        if (settled) return;
        settled = true;
        if (failure) reject(failure);
        else resolve({ file, fields });
      });
    });
    ctx.req.pipe(parser);
  });
}
