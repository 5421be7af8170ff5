/** `@kermesse/kit/csv`: reading uploaded CSV files (encodings, separators, decimal commas). */
export * from './csvFile.ts';
export * from './csvImport.ts';
