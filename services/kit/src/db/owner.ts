/**
 * Which URL (the schema owner's) and schema each knex instance was made from, so that migrations
 * and the outbox relay can open their own connections as other roles. Free of knex itself: the http
 * and bus entry points read it without loading the database driver.
 */
const owners = new WeakMap<object, { url: string; schema?: string }>();

export const rememberOwner = (db: object, owner: { url: string; schema?: string }): void => {
  owners.set(db, owner);
};

/** The URL `db` was created from (its owner's), and its schema. */
export const ownerOf = (db: object): { url: string; schema?: string } | undefined => owners.get(db);
