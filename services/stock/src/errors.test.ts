import { describe, expect, it } from 'vitest';
import { csvImportRejectedBody, NOT_CSV_MESSAGE } from '@kermesse/kit/csv';
import { importRejectedMessage, STOCK_ERRORS } from '@kermesse/contracts-stock';
import { SWAPMEET_ERRORS } from '@kermesse/contracts-swapmeet';
import { ImportRejected, productNotFound } from './errors.ts';

describe('stock error codes', () => {
  it("write the kit's CSV refusal word for word (the browser reads the contract, the server the kit)", () => {
    expect(STOCK_ERRORS.NOT_CSV).toBe(NOT_CSV_MESSAGE);
    expect(SWAPMEET_ERRORS.NOT_CSV).toBe(NOT_CSV_MESSAGE);
  });

  it('carry the code beside the French message', () => {
    const err = productNotFound();
    expect([err.status, err.message, err.code]).toEqual([404, 'Produit introuvable.', 'PRODUCT_NOT_FOUND']);
    const result = { status: 'error' as const, products_affected: 0, products_updated: 0, errors: ['a', 'b'], movements: [] };
    expect(csvImportRejectedBody(new ImportRejected(result))).toEqual({
      error: importRejectedMessage(2),
      code: 'IMPORT_REJECTED',
      ...result,
    });
    expect(importRejectedMessage(2)).toBe(
      "L'import contient 2 erreur(s) : rien n'a été importé. Corrigez le fichier puis relancez le test.",
    );
  });
});
