/** `@kermesse/kit/tenancy`: the current association, the sealing of a schema, the request's association. */
export * from './association.ts';
export * from './roles.ts';
export * from './seal.ts';
export * from './requestAssociation.ts';
export * from './associations.ts';
export * from './portability.ts';
export * from './sweep.ts';
export * from './limits.ts';
export * from './demo.ts';
