/**
 * Products from a French spreadsheet (`@kermesse/kit/csv`: `;` or `,`, decimal comma, UTF-8 or
 * Windows-1252): every line checked first, then all written in one transaction or nothing.
 * A product of the same name in the event is updated; a category not known yet is created.
 * A file without its columns, or a real import with a bad line, is refused whole
 * (`ProductImportRejected`, answered 422 by the route); a dry run lists its bad lines in `errors`.
 */
import type { Db } from '@kermesse/kit/db';
import { encodingProblem, isFormulaLike, normaliseHeader, readCsv, shorten, type CsvRow } from '@kermesse/kit/csv';
import { parseEuros } from '@kermesse/contracts-common';
import { PRICE_RULES, parseYesNo, type ProductImportResult } from '@kermesse/contracts-register';
import { toEuros } from '@kermesse/contracts-common';
import {
  insertCategory,
  insertProduct,
  nextCategoryPosition,
  setProductCheckouts,
  updateProduct,
  categoriesOfEvent,
  checkoutNamesOfEvent,
  productNamesOfEvent,
} from '../repositories/backOffice.ts';
import { recordProductState } from '../catalogLoaders.ts';
import { ProductImportRejected } from '../errors.ts';

const COLUMN_NAMES: Record<string, 'name' | 'price' | 'category' | 'clickAndCollect' | 'alcohol' | 'active' | 'checkouts'> = {
  nom: 'name',
  name: 'name',
  produit: 'name',
  libelle: 'name',
  prix: 'price',
  price: 'price',
  tarif: 'price',
  prixeur: 'price',
  prixeuros: 'price',
  categorie: 'category',
  category: 'category',
  rayon: 'category',
  clickandcollect: 'clickAndCollect',
  clickcollect: 'clickAndCollect',
  aemporter: 'clickAndCollect',
  apreparer: 'clickAndCollect',
  alcool: 'alcohol',
  alcohol: 'alcohol',
  alcoohol: 'alcohol',
  contientdelalcool: 'alcohol',
  actif: 'active',
  active: 'active',
  envente: 'active',
  caisses: 'checkouts',
  caisse: 'checkouts',
  checkouts: 'checkouts',
};

interface PlannedLine {
  line: number;
  name: string;
  priceCents: number;
  category: string;
  clickAndCollect: boolean;
  alcohol: boolean;
  active: boolean;
  checkoutIds: number[] | null;
  existingId: number | null;
}

/** Runs the import; throws NotCsvError for a file that is not CSV and ProductImportRejected for a refused one. */
export async function importProducts(db: Db, eventId: number, bytes: Uint8Array, dryRun: boolean): Promise<ProductImportResult> {
  const csv = readCsv(bytes);
  const errors = [...csv.errors];
  const result = (
    status: ProductImportResult['status'],
    lines: PlannedLine[] = [],
    categoriesCreated: string[] = [],
  ): ProductImportResult => ({
    status,
    created: lines.filter((l) => !l.existingId).length,
    updated: lines.filter((l) => l.existingId).length,
    categoriesCreated,
    lines: lines.map((l) => ({
      line: l.line,
      name: l.name,
      price: toEuros(l.priceCents),
      category: l.category,
      action: l.existingId ? 'update' : 'create',
    })),
    errors,
  });
  if (!csv.header) {
    errors.push('Le fichier est vide : la première ligne doit donner les colonnes nom ; prix ; categorie.');
    throw new ProductImportRejected(result('error'));
  }
  const columns = new Map<string, number>();
  csv.header.cells.forEach((cell, index) => {
    const key = COLUMN_NAMES[normaliseHeader(cell)];
    if (key && !columns.has(key)) columns.set(key, index);
  });
  const absent = (['name', 'price', 'category'] as const).filter((c) => !columns.has(c));
  if (absent.length) {
    const french = { name: 'nom', price: 'prix', category: 'categorie' };
    errors.push(
      `Ligne ${csv.header.line} : colonne${absent.length > 1 ? 's' : ''} manquante${absent.length > 1 ? 's' : ''} : ${absent.map((c) => french[c]).join(', ')}.`,
    );
    throw new ProductImportRejected(result('error'));
  }

  const categories = await categoriesOfEvent(db, eventId);
  const categoryByName = new Map(categories.map((c) => [c.name.toLowerCase(), c]));
  const checkouts = await checkoutNamesOfEvent(db, eventId);
  const checkoutByName = new Map(checkouts.map((c) => [c.name.toLowerCase(), c.id]));
  const existing = await productNamesOfEvent(db, eventId);
  const existingByName = new Map(existing.map((p) => [p.name.toLowerCase(), p.id]));

  const cell = (row: CsvRow, key: string) => {
    const index = columns.get(key);
    return index === undefined ? undefined : (row.cells[index] ?? '').trim();
  };
  const seen = new Map<string, number>();
  const planned: PlannedLine[] = [];
  for (const row of csv.rows) {
    const problem = encodingProblem(row);
    if (problem) {
      errors.push(problem);
      continue;
    }
    const lineErrors: string[] = [];
    // Like the stock and swap-meet imports: a cell a spreadsheet would run is refused, never stored.
    for (const [index, value] of row.cells.entries()) {
      if (isFormulaLike(value)) {
        const title = csv.header.cells[index]?.trim() || `n°${index + 1}`;
        lineErrors.push(
          `la cellule « ${shorten(title)} » commence par « ${value.trim()[0]} » (« ${shorten(value)} ») : les formules ne sont pas acceptées`,
        );
      }
    }
    const name = (cell(row, 'name') ?? '').replace(/\s+/g, ' ');
    if (!name) lineErrors.push('le nom est vide');
    else if (name.length > 120) lineErrors.push('le nom dépasse 120 caractères');
    const rawPrice = cell(row, 'price') ?? '';
    const priceCents = parseEuros(rawPrice, PRICE_RULES);
    if (priceCents === null) lineErrors.push(`prix « ${shorten(rawPrice)} » illisible (un montant positif comme 3,50)`);
    const category = (cell(row, 'category') ?? '').replace(/\s+/g, ' ');
    if (!category) lineErrors.push('la catégorie est vide');
    else if (categoryByName.get(category.toLowerCase()) && categoryByName.get(category.toLowerCase())!.kind !== 'product')
      lineErrors.push(`la catégorie « ${shorten(category)} » est celle d'une tombola ou d'un panier garni`);
    const flag = (key: string, label: string, byDefault: boolean) => {
      const raw = cell(row, key);
      const value = parseYesNo(raw, byDefault);
      if (value === null) lineErrors.push(`${label} : « ${shorten(raw ?? '')} » n'est ni oui ni non`);
      return value ?? byDefault;
    };
    const clickAndCollect = flag('clickAndCollect', 'click_and_collect', false);
    const alcohol = flag('alcohol', 'alcool', false);
    const active = flag('active', 'actif', true);
    let checkoutIds: number[] | null = null;
    const rawCheckouts = cell(row, 'checkouts');
    if (rawCheckouts !== undefined && rawCheckouts !== '') {
      checkoutIds = [];
      for (const part of rawCheckouts
        .split(/[|/]/)
        .map((p) => p.trim())
        .filter(Boolean)) {
        const id = checkoutByName.get(part.toLowerCase());
        if (id === undefined) lineErrors.push(`caisse « ${shorten(part)} » inconnue dans cet événement`);
        else checkoutIds.push(id);
      }
    }
    if (name) {
      const first = seen.get(name.toLowerCase());
      if (first !== undefined) lineErrors.push(`« ${shorten(name)} » figure déjà ligne ${first}`);
      else seen.set(name.toLowerCase(), row.line);
    }
    if (lineErrors.length) {
      errors.push(`Ligne ${row.line} : ${lineErrors.join(' ; ')}.`);
      continue;
    }
    planned.push({
      line: row.line,
      name,
      priceCents: priceCents!,
      category,
      clickAndCollect,
      alcohol,
      active,
      checkoutIds,
      existingId: existingByName.get(name.toLowerCase()) ?? null,
    });
  }
  if (!csv.rows.length && !errors.length) errors.push('Le fichier ne contient aucun produit.');
  const newCategories = [...new Set(planned.filter((l) => !categoryByName.has(l.category.toLowerCase())).map((l) => l.category))].filter(
    (name, index, all) => all.findIndex((n) => n.toLowerCase() === name.toLowerCase()) === index,
  );
  if (errors.length && !dryRun) throw new ProductImportRejected(result('error', planned, newCategories));
  if (dryRun) return result('dry-run', planned, newCategories);

  await db.transaction(async (trx) => {
    let position = await nextCategoryPosition(trx, eventId);
    for (const name of newCategories) {
      position += 1;
      const id = await insertCategory(trx, { event_id: eventId, name, position });
      categoryByName.set(name.toLowerCase(), { id, name, kind: 'product' });
    }
    for (const line of planned) {
      const categoryId = categoryByName.get(line.category.toLowerCase())!.id;
      const fields = {
        name: line.name,
        price_cents: line.priceCents,
        category_id: categoryId,
        click_and_collect: line.clickAndCollect,
        alcohol: line.alcohol,
        active: line.active,
      };
      let id = line.existingId;
      if (id) await updateProduct(trx, id, fields);
      else id = await insertProduct(trx, { ...fields, position: line.line });
      if (line.checkoutIds) await setProductCheckouts(trx, id, line.checkoutIds);
      await recordProductState(trx, id);
    }
  });
  return result('ok', planned, newCategories);
}
