/** docs/spec.md §5: a CSV file has type text/csv or a name ending in .csv. */
export const isCsvFile = (file: File): boolean => file.type === 'text/csv' || /\.csv$/i.test(file.name);
