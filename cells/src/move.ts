/**
 * Moving an association from one cell to another (docs/cells.md): read-only in the old cell, its
 * zip exported there and imported into the new one (the host console's own export and import,
 * docs/hosting-portability.md), the directory switched, then the old copy erased. The association
 * is read-only from the first step until the directory names the new cell: writes answer a French
 * 503 with Retry-After, which the register's offline queue keeps and sends again afterwards.
 */
import type { CellConsole } from './cellConsole.ts';
import type { Cell, Directory } from './directory.ts';

export interface MoveDeps {
  directory: Directory;
  console: CellConsole;
  /** Resolves once no write of the association is still on its way to the old cell through this router. */
  drain(slug: string, timeoutMs: number): Promise<boolean>;
  log?: (message: string) => void;
}

export interface MoveResult {
  slug: string;
  from: string;
  to: string;
  /** From read-only on to the directory naming the new cell. */
  readOnlyMs: number;
  exportBytes: number;
  /** Whether the old cell's copy is erased (else it is erased from that cell's own console, DELETE with its slug). */
  erased: boolean;
}

/** A move refused or failed: the status and French message the console shows. */
export class MoveError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

export async function moveAssociation(deps: MoveDeps, slug: string, toName: string): Promise<MoveResult> {
  const { directory, console: cellConsole } = deps;
  const log = deps.log ?? (() => undefined);
  const cells = new Map((await directory.cells()).map((cell) => [cell.name, cell]));
  const to = cells.get(toName);
  if (!to) throw new MoveError(400, `Cellule « ${toName} » inconnue.`, 'CELL_UNKNOWN');
  directory.forget(slug);
  const placement = await directory.lookup(slug);
  if (!placement) throw new MoveError(404, 'Association inconnue sur cet hébergement.', 'ASSOCIATION_UNKNOWN');
  const from = cells.get(placement.cell)!;
  if (placement.cell === to.name) {
    throw new MoveError(409, `L'association est déjà sur la cellule « ${to.name} ».`, 'ALREADY_THERE');
  }
  if (placement.state !== 'active')
    throw new MoveError(409, "L'association est déjà en cours de création ou de déplacement.", 'MOVE_RUNNING');

  if (!(await directory.startMoving(slug)))
    throw new MoveError(409, "L'association est déjà en cours de création ou de déplacement.", 'MOVE_RUNNING');
  const startedAt = performance.now();
  log(`${slug}: read-only, ${from.name} → ${to.name}`);
  let exportBytes: number;
  try {
    // A sale that set off before read-only must be in the export: wait for it to be answered.
    if (!(await deps.drain(slug, 30_000)))
      throw new MoveError(503, 'Des ventes sont encore en cours : réessayez dans un instant.', 'MOVE_BUSY');
    const zip = await cellConsole.call(from, 'GET', `/api/host/associations/${encodeURIComponent(slug)}/export`);
    if (zip.status !== 200) throw failed('export', from, zip.status, zip.body);
    exportBytes = zip.body.length;
    const imported = await cellConsole.call(to, 'POST', '/api/host/associations/import', { bytes: zip.body, type: 'application/zip' });
    if (imported.status !== 201) throw failed('import', to, imported.status, imported.body);
  } catch (err) {
    // Nothing switched: the old cell still holds everything and serves it again.
    await directory.activate(slug, from.name);
    log(`${slug}: move abandoned, served by ${from.name} again (${(err as Error).message})`);
    throw err;
  }
  await directory.activate(slug, to.name);
  const readOnlyMs = performance.now() - startedAt;
  log(`${slug}: served by ${to.name} after ${readOnlyMs.toFixed(0)} ms read-only (${exportBytes} bytes)`);
  const erase = await cellConsole
    .call(from, 'DELETE', `/api/host/associations/${encodeURIComponent(slug)}`, { json: { confirm: slug } })
    .catch((err: Error) => ({ status: 0, body: Buffer.from(err.message) }));
  if (erase.status !== 200) log(`${slug}: erase in ${from.name} answered ${erase.status}: ${erase.body.toString().slice(0, 200)}`);
  return { slug, from: from.name, to: to.name, readOnlyMs, exportBytes, erased: erase.status === 200 };
}

function failed(step: string, cell: Cell, status: number, body: Buffer): MoveError {
  let detail: string;
  try {
    detail = ((JSON.parse(body.toString()) as { error?: string }).error ?? '').replace(/\.$/, '');
  } catch {
    detail = '';
  }
  const what = step === 'export' ? "L'export" : "L'import";
  return new MoveError(
    status === 409 ? 409 : 502,
    `${what} dans la cellule « ${cell.name} » a échoué (${status})${detail ? ` : ${detail}` : ''}. L'association reste où elle était.`,
    'MOVE_FAILED',
  );
}
