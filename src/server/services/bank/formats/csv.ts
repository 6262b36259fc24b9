import { CsvError, parse } from 'csv-parse/sync';
import type { ParsedFile } from '../types.ts';
import { parseTemplateRows } from './spreadsheet.ts';

/** Reads a CSV saved from the spreadsheet template; a comma or semicolon separates the cells. */
export function parseCsv(text: string, file: string): ParsedFile {
  const content = text.replace(/^\uFEFF/, '');
  const firstLine = content.split(/\r?\n/, 1)[0] ?? '';
  // Spreadsheets in locales that write 1,5 for one and a half save CSV with semicolons.
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  let records: string[][];
  try {
    records = parse(content, { delimiter, relax_column_count: true, skip_empty_lines: false });
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines;
      return {
        file,
        papers: [],
        problems: [
          {
            file,
            ...(line ? { line } : {}),
            message: `the CSV cannot be read (${error.message.replace(/ at line \d+$/, '')}): check the double quotes on this line; a quote inside a cell is written twice ("")`,
          },
        ],
      };
    }
    throw error;
  }
  return parseTemplateRows(
    records.map((cells, index) => ({ row: index + 1, cells })),
    file,
  );
}
