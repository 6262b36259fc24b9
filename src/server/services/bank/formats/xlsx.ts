import readXlsxFile from 'read-excel-file/node';
import type { ParsedFile } from '../types.ts';
import { parseTemplateRows } from './spreadsheet.ts';

function cellText(cell: unknown): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  return String(cell);
}

/** Reads the "Questions" sheet (or the first sheet) of an .xlsx workbook made from the template. */
export async function parseXlsx(content: Buffer, file: string): Promise<ParsedFile> {
  let sheets: Awaited<ReturnType<typeof readXlsxFile>>;
  try {
    sheets = await readXlsxFile(content);
  } catch {
    return {
      file,
      papers: [],
      problems: [
        {
          file,
          message:
            'the file is not a readable .xlsx workbook: save it from your spreadsheet as "Excel Workbook (.xlsx)"',
        },
      ],
    };
  }
  const sheet = sheets.find((candidate) => candidate.sheet.trim().toLowerCase() === 'questions') ?? sheets[0];
  const rows = (sheet?.data ?? []).map((cells, index) => ({ row: index + 1, cells: cells.map(cellText) }));
  return parseTemplateRows(rows, file);
}
