/**
 * The inventory file: what it must contain and how each line becomes a planned movement. Pure
 * functions, so every rule is tested without a database. Messages name the line, in French.
 */
import { encodingProblem, isFormulaLike, normaliseHeader, parseScaledDecimal, shorten, type CsvReadResult } from '@kermesse/kit/csv';

/** Columns of the model file (GET /api/stocks/inventory/template), in order. */
export const TEMPLATE_COLUMNS = ['id_produit', 'produit', 'categorie', 'stock_actuel', 'nouveau_stock', 'note'] as const;

const COLUMN_ALIASES: Record<'id' | 'name' | 'newStock' | 'note', string[]> = {
  id: ['idproduit', 'id', 'productid', 'produitid', 'idarticle', 'reference', 'ref'],
  name: ['produit', 'nom', 'name', 'productname', 'nomproduit', 'article', 'libelle', 'designation'],
  newStock: ['nouveaustock', 'newstock', 'stockcompte', 'quantitecomptee', 'inventaire', 'quantite', 'quantity', 'stock'],
  note: ['note', 'commentaire', 'remarque', 'notes'],
};

/** The largest level an inventory may set (a typo such as 1000000 is refused rather than stored). */
export const MAX_STOCK = 1_000_000;
export const MAX_NOTE_LENGTH = 500;

export interface InventoryProduct {
  id: number;
  name: string;
  category: string;
}

/** One line of the file as it would change the stock. */
export interface PlannedLine {
  line: number;
  productId: number;
  productName: string;
  currentStock: number;
  newStock: number;
  variation: number;
  note: string;
}

export interface InventoryPlan {
  /** Lines that name a product and a counted quantity. */
  lines: PlannedLine[];
  errors: string[];
}

type Columns = { id?: number; name?: number; newStock: number; note?: number };

/** Finds the columns by their titles (accents, case, spaces and underscores do not matter). */
export function findColumns(header: string[]): Columns | string {
  const normalised = header.map(normaliseHeader);
  const find = (aliases: string[]) => {
    for (const alias of aliases) {
      const index = normalised.indexOf(alias);
      if (index !== -1) return index;
    }
    return undefined;
  };
  const expected = `colonnes attendues : ${TEMPLATE_COLUMNS.join(' ; ')}`;
  const newStock = find(COLUMN_ALIASES.newStock);
  const id = find(COLUMN_ALIASES.id);
  const name = find(COLUMN_ALIASES.name);
  if (newStock === undefined) return `Ligne 1 : colonne « nouveau_stock » absente (${expected}).`;
  if (id === undefined && name === undefined) return `Ligne 1 : colonne « id_produit » ou « produit » absente (${expected}).`;
  return { id, name, newStock, note: find(COLUMN_ALIASES.note) };
}

const nameKey = (name: string) => name.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('fr');

/**
 * Checks every line and computes what it would change. `products` are the chosen event's: an id
 * `ofOtherEvent` is refused as such. A line without a counted quantity is left out (not counted);
 * every problem is reported, each with its line number.
 */
export function planInventory(
  csv: CsvReadResult,
  products: InventoryProduct[],
  currentStock: (productId: number) => number,
  globalNote: string,
  ofOtherEvent: (productId: number) => boolean = () => false,
): InventoryPlan {
  const errors = [...csv.errors];
  const lines: PlannedLine[] = [];
  if (!csv.header) {
    if (errors.length === 0) errors.push('Le fichier est vide : partez du modèle à télécharger.');
    return { lines, errors };
  }
  const headerProblem = encodingProblem(csv.header);
  if (headerProblem) errors.push(headerProblem);
  const columns = findColumns(csv.header.cells);
  if (typeof columns === 'string') {
    errors.push(columns);
    return { lines, errors };
  }

  const byId = new Map(products.map((p) => [p.id, p]));
  const byName = new Map<string, InventoryProduct[]>();
  for (const product of products) {
    const key = nameKey(product.name);
    byName.set(key, [...(byName.get(key) ?? []), product]);
  }
  const seen = new Map<number, number>();
  const width = csv.header.cells.length;

  for (const row of csv.rows) {
    const at = `Ligne ${row.line}`;
    const encoding = encodingProblem(row);
    if (encoding) {
      errors.push(encoding);
      continue;
    }
    if (row.cells.length > width && row.cells.slice(width).some((cell) => cell.trim() !== '')) {
      errors.push(
        `${at} : ${row.cells.length} colonnes au lieu de ${width} (avec le séparateur « ${csv.delimiter === '\t' ? 'tabulation' : csv.delimiter} », un nombre à virgule doit être entre guillemets).`,
      );
      continue;
    }
    const cell = (index: number | undefined) => (index === undefined ? '' : (row.cells[index] ?? '').trim());
    const problems: string[] = [];
    for (const [index, value] of row.cells.entries()) {
      if (isFormulaLike(value)) {
        const title = csv.header.cells[index]?.trim() || `n°${index + 1}`;
        problems.push(
          `${at} : la cellule « ${shorten(title)} » commence par « ${value.trim()[0]} » (« ${shorten(value)} ») : les formules ne sont pas acceptées.`,
        );
      }
    }
    if (problems.length) {
      errors.push(...problems);
      continue;
    }

    const rawQuantity = cell(columns.newStock);
    if (rawQuantity === '') continue; // not counted: no change
    const idText = cell(columns.id);
    const nameText = cell(columns.name);

    let product: InventoryProduct | undefined;
    if (idText !== '') {
      const id = /^\d{1,9}$/.test(idText) ? Number(idText) : NaN;
      if (!Number.isInteger(id) || id < 1) {
        errors.push(`${at} : l'identifiant de produit « ${shorten(idText)} » n'est pas un nombre entier.`);
        continue;
      }
      product = byId.get(id);
      if (!product) {
        errors.push(
          ofOtherEvent(id)
            ? `${at} : le produit n° ${id} est celui d'une autre fête : partez du modèle de cette fête-ci.`
            : `${at} : aucun produit n'a l'identifiant ${id}.`,
        );
        continue;
      }
    } else if (nameText !== '') {
      const matches = byName.get(nameKey(nameText)) ?? [];
      if (matches.length === 0) {
        errors.push(`${at} : produit « ${shorten(nameText)} » inconnu.`);
        continue;
      }
      if (matches.length > 1) {
        errors.push(`${at} : plusieurs produits s'appellent « ${shorten(nameText)} » : indiquez son identifiant (colonne id_produit).`);
        continue;
      }
      product = matches[0]!;
    } else {
      errors.push(`${at} : ni identifiant ni nom de produit.`);
      continue;
    }

    const scaled = parseScaledDecimal(rawQuantity, 0);
    if (scaled === null || scaled < 0) {
      errors.push(
        `${at} : la quantité « ${shorten(rawQuantity)} » de « ${shorten(product.name)} » doit être un nombre entier positif ou nul.`,
      );
      continue;
    }
    if (scaled > MAX_STOCK) {
      errors.push(`${at} : la quantité ${scaled} de « ${shorten(product.name)} » dépasse ${MAX_STOCK.toLocaleString('fr-FR')}.`);
      continue;
    }
    const firstLine = seen.get(product.id);
    if (firstLine !== undefined) {
      errors.push(`${at} : le produit « ${shorten(product.name)} » figure déjà ligne ${firstLine}.`);
      continue;
    }
    seen.set(product.id, row.line);
    const note = cell(columns.note) || globalNote;
    if (note.length > MAX_NOTE_LENGTH) {
      errors.push(`${at} : la note dépasse ${MAX_NOTE_LENGTH} caractères.`);
      continue;
    }
    const current = currentStock(product.id);
    lines.push({
      line: row.line,
      productId: product.id,
      productName: product.name,
      currentStock: current,
      newStock: scaled,
      variation: scaled - current,
      note,
    });
  }
  if (errors.length === 0 && lines.length === 0) {
    errors.push('Aucune ligne à importer : remplissez la colonne « nouveau_stock » des produits comptés.');
  }
  return { lines, errors };
}
