/** A request body as bytes (a CSV file sent as is), refused above a size. */
import type { Context } from 'koa';
import { HttpError } from '@kermesse/kit/http';

export async function readRawBody(ctx: Context, maxBytes: number): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) throw new HttpError(413, `Le fichier dépasse ${Math.round(maxBytes / 1024 / 1024)} Mo.`);
    chunks.push(chunk);
  }
  return new Uint8Array(Buffer.concat(chunks));
}
