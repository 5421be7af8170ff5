import { describe, expect, it } from 'vitest';
import { readCsv } from '@kermesse/kit/csv';
import { planInventory, type InventoryProduct } from './inventoryCsv.ts';

const PRODUCTS: InventoryProduct[] = [
  { id: 1, name: 'Crêpe sucre', category: 'Buvette' },
  { id: 2, name: 'Café', category: 'Buvette' },
  { id: 3, name: 'Jus de pomme', category: 'Boissons' },
  { id: 4, name: 'Gâteau', category: 'Buvette' },
  { id: 5, name: 'Gâteau', category: 'Pâtisserie' },
];
const LEVELS = new Map([
  [1, 10],
  [2, 40],
  [3, 0],
]);
const NOTE = 'Inventaire du 16/05/2026';

const plan = (text: string | Uint8Array) =>
  planInventory(readCsv(typeof text === 'string' ? new TextEncoder().encode(text) : text), PRODUCTS, (id) => LEVELS.get(id) ?? 0, NOTE);

describe('inventory file', () => {
  it("refuses an id of another fair's product as such, whatever its name", () => {
    const result = planInventory(
      readCsv(new TextEncoder().encode('id_produit;nouveau_stock\n77;4\n78;4\n2;41\n')),
      PRODUCTS,
      (id) => LEVELS.get(id) ?? 0,
      NOTE,
      (id) => id === 77,
    );
    expect(result.errors).toEqual([
      "Ligne 2 : le produit n° 77 est celui d'une autre fête : partez du modèle de cette fête-ci.",
      "Ligne 3 : aucun produit n'a l'identifiant 78.",
    ]);
    expect(result.lines.map((l) => l.productId)).toEqual([2]);
  });

  it('turns the model file into one planned line per counted product, the note falling back to the global one', () => {
    const result = plan(
      'id_produit;produit;categorie;stock_actuel;nouveau_stock;note\n' +
        '1;Crêpe sucre;Buvette;10;12;Carton retrouvé\n' +
        '2;Café;Buvette;40;;\n' +
        '3;Jus de pomme;Boissons;0;6;\n',
    );
    expect(result.errors).toEqual([]);
    expect(result.lines).toEqual([
      { line: 2, productId: 1, productName: 'Crêpe sucre', currentStock: 10, newStock: 12, variation: 2, note: 'Carton retrouvé' },
      { line: 4, productId: 3, productName: 'Jus de pomme', currentStock: 0, newStock: 6, variation: 6, note: NOTE },
    ]);
  });

  it('accepts a comma-separated file with other column titles and finds products by name', () => {
    const result = plan('Produit,Quantité,Commentaire\r\n" crêpe  SUCRE ","8,0",\r\nCafé,35,Pause\r\n\r\n');
    expect(result.errors).toEqual([]);
    expect(result.lines.map((l) => [l.productId, l.newStock, l.variation, l.note])).toEqual([
      [1, 8, -2, NOTE],
      [2, 35, -5, 'Pause'],
    ]);
  });

  it('reports every bad line with its number (only the good lines are planned)', () => {
    const result = plan(
      'id_produit;produit;nouveau_stock;note\n' +
        'abc;;3;\n' + // 2: id not a number
        '99;;3;\n' + // 3: unknown id
        ';Tarte;3;\n' + // 4: unknown name
        ';Gâteau;3;\n' + // 5: ambiguous name
        '1;;12,5;\n' + // 6: not an integer
        '2;;-4;\n' + // 7: negative
        '3;;5;"=HYPERLINK(""http://x"";""clic"")"\n' + // 8: formula
        '1;;7;\n' + // 9: fine
        '1;;8;\n' + // 10: duplicate of line 9
        ';;4;\n', // 11: no product
    );
    expect(result.lines.map((l) => l.line)).toEqual([9]);
    expect(result.errors).toEqual([
      "Ligne 2 : l'identifiant de produit « abc » n'est pas un nombre entier.",
      "Ligne 3 : aucun produit n'a l'identifiant 99.",
      'Ligne 4 : produit « Tarte » inconnu.',
      "Ligne 5 : plusieurs produits s'appellent « Gâteau » : indiquez son identifiant (colonne id_produit).",
      'Ligne 6 : la quantité « 12,5 » de « Crêpe sucre » doit être un nombre entier positif ou nul.',
      'Ligne 7 : la quantité « -4 » de « Café » doit être un nombre entier positif ou nul.',
      'Ligne 8 : la cellule « note » commence par « = » (« =HYPERLINK("http://x";"clic") ») : les formules ne sont pas acceptées.',
      'Ligne 10 : le produit « Crêpe sucre » figure déjà ligne 9.',
      'Ligne 11 : ni identifiant ni nom de produit.',
    ]);
  });

  it('names the line of a mis-encoded file (UTF-8 read as Windows-1252, then saved again)', () => {
    const result = plan('produit;nouveau_stock\nCafé;3\nCrÃªpe sucre;4\n');
    expect(result.errors).toEqual([
      'Ligne 3 : texte mal encodé (« CrÃªpe sucre ») — enregistrez le fichier en « CSV UTF-8 » ou en « CSV (séparateur : point-virgule) ».',
    ]);
  });

  it('names the line holding bytes that are no text in Windows-1252', () => {
    const bytes = Uint8Array.from([
      ...new TextEncoder().encode('produit;nouveau_stock\nCaf'),
      0xe9,
      0x3b,
      0x33,
      0x0a,
      0x4a,
      0x81,
      0x3b,
      0x34,
      0x0a,
    ]);
    const result = plan(bytes);
    expect(result.errors).toEqual(['Ligne 3 : caractères illisibles — enregistrez le fichier au format CSV (UTF-8 ou Windows-1252).']);
  });

  it('explains a missing column, an empty file, extra columns and a file with nothing counted', () => {
    expect(plan('produit;stock_actuel\nCafé;3\n').errors[0]).toMatch(/^Ligne 1 : colonne « nouveau_stock » absente/);
    expect(plan('').errors).toEqual(['Le fichier est vide : partez du modèle à télécharger.']);
    expect(plan('\n\n').errors).toEqual(['Le fichier est vide : partez du modèle à télécharger.']);
    expect(plan('produit,nouveau_stock\nCafé,3,5\n').errors).toEqual([
      'Ligne 2 : 3 colonnes au lieu de 2 (avec le séparateur « , », un nombre à virgule doit être entre guillemets).',
    ]);
    expect(plan('produit;nouveau_stock\nCafé;\n').errors).toEqual([
      'Aucune ligne à importer : remplissez la colonne « nouveau_stock » des produits comptés.',
    ]);
  });
});
