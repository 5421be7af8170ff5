import { ApiError } from '@kermesse/ui-kit';

/** The server's French message when it sent one (docs/spec.md §8 « server error field shown »), else the fallback. */
export function serverMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status !== 0 && hasServerMessage(error)) return error.message;
  if (error instanceof ApiError && error.status === 0) return error.message;
  return fallback;
}

function hasServerMessage(error: ApiError): boolean {
  const body = error.body;
  return (
    typeof body === 'object' &&
    body !== null &&
    (typeof (body as { error?: unknown }).error === 'string' || typeof (body as { message?: unknown }).message === 'string')
  );
}

/** Groups items by a key, keeping the order in which keys first appear. */
export function groupBy<T>(items: T[], key: (item: T) => string): Array<[string, T[]]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const name = key(item);
    groups.set(name, [...(groups.get(name) ?? []), item]);
  }
  return [...groups];
}

const collator = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });

/** Groups by category in French alphabetical order, items by name. */
export function byCategory<T>(items: T[], category: (item: T) => string, name: (item: T) => string): Array<[string, T[]]> {
  const sorted = [...items].sort((a, b) => collator.compare(category(a), category(b)) || collator.compare(name(a), name(b)));
  return groupBy(sorted, category);
}
