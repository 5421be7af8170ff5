/**
 * One object store of IndexedDB, kept on the device: what a register must not lose to a reload, a closed
 * browser or an offline spell (sales waiting to be sent, print jobs). The database opens on first use; a
 * failed open is tried again on the next call. A write resolves once its transaction has committed, so a
 * caller that awaited it knows the record is on disk.
 */

export interface BrowserStore<T, K extends IDBValidKey = string> {
  all(): Promise<T[]>;
  put(record: T): Promise<void>;
  delete(key: K): Promise<void>;
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

export function browserStore<T, K extends IDBValidKey = string>(
  { database, store, keyPath }: { database: string; store: string; keyPath: string },
  factory: IDBFactory = indexedDB,
): BrowserStore<T, K> {
  let opened: Promise<IDBDatabase> | undefined;
  const open = () => {
    opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const req = factory.open(database, 1);
      req.onupgradeneeded = () => {
        if (!req.result.objectStoreNames.contains(store)) req.result.createObjectStore(store, { keyPath });
      };
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => {
        opened = undefined;
        reject(req.error);
      };
    });
    return opened;
  };
  const run = async <R>(mode: IDBTransactionMode, work: (objects: IDBObjectStore) => IDBRequest<R>): Promise<R> => {
    const db = await open();
    const tx = db.transaction(store, mode);
    const result = request(work(tx.objectStore(store)));
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
    return result;
  };
  return {
    all: () => run('readonly', (objects) => objects.getAll() as IDBRequest<T[]>),
    put: async (record) => {
      await run('readwrite', (objects) => objects.put(record));
    },
    delete: async (key) => {
      await run('readwrite', (objects) => objects.delete(key));
    },
  };
}
