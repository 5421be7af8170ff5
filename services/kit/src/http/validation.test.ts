import { describe, expect, it } from 'vitest';
import { compileValidator, findNulCharacter, nulCharacterMessage } from './validation.ts';
import { HttpError } from './errors.ts';
import { Type } from '@sinclair/typebox';
import { Id, MoneyInput } from '@kermesse/contracts-common/schemas';

const loginBody = compileValidator<{ email: string; password: string }>({
  type: 'object',
  required: ['email', 'password'],
  properties: { email: { type: 'string', minLength: 1 }, password: { type: 'string', minLength: 1 } },
  additionalProperties: false,
});

function messageOf(fn: () => unknown): { status: number; message: string } {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(HttpError);
    return { status: (err as HttpError).status, message: (err as HttpError).message };
  }
  throw new Error('expected a validation error');
}

describe('request validation', () => {
  it('accepts a valid body and returns it typed', () => {
    expect(loginBody({ email: 'a@b.fr', password: 'x' })).toEqual({ email: 'a@b.fr', password: 'x' });
  });

  it('answers 400 naming the missing field in French', () => {
    expect(messageOf(() => loginBody({ email: 'a@b.fr' }))).toEqual({
      status: 400,
      message: 'Le champ « password » est obligatoire.',
    });
  });

  it('names a field of the wrong type', () => {
    expect(messageOf(() => loginBody({ email: 12, password: 'x' })).message).toBe('Le champ « email » doit être de type texte.');
  });

  it('refuses an empty string and an unknown field', () => {
    expect(messageOf(() => loginBody({ email: '', password: 'x' })).message).toBe('Le champ « email » ne doit pas être vide.');
    expect(messageOf(() => loginBody({ email: 'a', password: 'x', admin: true })).message).toBe("Le champ « admin » n'est pas autorisé.");
  });

  it('names nested fields by their path', () => {
    const check = compileValidator({
      type: 'object',
      properties: {
        lines: { type: 'array', items: { type: 'object', properties: { quantity: { type: 'integer', minimum: 1, maximum: 50 } } } },
      },
    });
    expect(messageOf(() => check({ lines: [{ quantity: 51 }] })).message).toBe(
      'Le champ « lines.0.quantity » doit être inférieur ou égal à 50.',
    );
  });

  it('refuses an id past Postgres integer range, in the body and in a path parameter, in French', () => {
    const body = compileValidator(Type.Object({ tableId: Id }));
    expect(body({ tableId: 2147483647 })).toEqual({ tableId: 2147483647 });
    expect(messageOf(() => body({ tableId: 3000000000 }))).toEqual({
      status: 400,
      message: 'Le champ « tableId » doit être inférieur ou égal à 2\u202f147\u202f483\u202f647.',
    });
    const params = compileValidator(Type.Object({ id: Id }), 'paramètre');
    expect(params({ id: '12' })).toEqual({ id: 12 });
    expect(messageOf(() => params({ id: '3000000000' })).message).toBe(
      'Le champ « id » doit être inférieur ou égal à 2\u202f147\u202f483\u202f647.',
    );
    expect(messageOf(() => params({ id: '0' })).message).toBe('Le champ « id » doit être supérieur ou égal à 1.');
    expect(messageOf(() => params({ id: 'douze' })).message).toBe('Le champ « id » doit être de type entier.');
    // Ajv's coercion reads « 1e400 » as Infinity and lets it past the range: refused all the same.
    expect(messageOf(() => params({ id: '1e400' }))).toEqual({ status: 400, message: 'Le champ « id » doit être un nombre fini.' });
    expect(messageOf(() => compileValidator(Type.Object({ n: Type.Number({ maximum: 10 }) }))(JSON.parse('{"n":1e400}'))).status).toBe(400);
  });

  it('refuses an amount above the ceiling, as a number or as text, and leaves the rest to the domain', () => {
    const purchase = compileValidator(Type.Object({ amount: MoneyInput() }));
    for (const amount of [30.5, '30,50', '1 234,50 €', '1000000', 'abc', '-12', '30,505']) expect(purchase({ amount })).toEqual({ amount });
    for (const amount of [21474836.48, 1000000.01, '1 000 000,01', '99999999999999999999', Number.MAX_VALUE, -30000000]) {
      expect(messageOf(() => purchase({ amount }))).toEqual({
        status: 400,
        message: 'Le champ « amount » ne peut dépasser 1\u202f000\u202f000,00\u00a0€.',
      });
    }
  });

  it('coerces query parameters from strings', () => {
    const check = compileValidator<{ id: number }>(
      { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1 } } },
      'paramètre',
    );
    expect(check({ id: '12' })).toEqual({ id: 12 });
    expect(messageOf(() => check({ id: 'abc' })).message).toBe('Le champ « id » doit être de type entier.');
  });
});

describe('French messages for every shape', () => {
  it('names a union type in French, never « string,null »', () => {
    const check = compileValidator({ type: 'object', properties: { firstname: { type: ['string', 'null'] } } });
    expect(messageOf(() => check({ firstname: 12 })).message).toBe('Le champ « firstname » doit être de type texte ou vide.');
  });

  it('names a whole-body list by its title, or as « the request », never an empty field name', () => {
    const titled = compileValidator({ type: 'array', title: 'paiements', minItems: 1 });
    expect(messageOf(() => titled([])).message).toBe('Le champ « paiements » doit contenir au moins 1 élément(s).');
    const untitled = compileValidator({ type: 'array', minItems: 1 });
    expect(messageOf(() => untitled([])).message).toBe('Le corps de la requête doit contenir au moins 1 élément(s).');
  });

  it('finds a NUL character at any depth and names its field', () => {
    expect(findNulCharacter({ sale: { payments: [{ payment_reference: 'a\u0000b' }] } })).toBe('sale.payments.0.payment_reference');
    expect(findNulCharacter({ email: 'caissier@kermesse.local' })).toBeUndefined();
    expect(nulCharacterMessage('email')).toBe('Le champ « email » contient un caractère interdit (caractère nul).');
  });
});
