export * from './money.ts';
export * from './weight.ts';
export * from './errors.ts';
export * from './spreadsheet.ts';
export * from './html.ts';
export * from './contactDetails.ts';
