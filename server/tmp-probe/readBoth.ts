import ExcelJS from 'exceljs';
import { existingSheetsOfFile } from '../src/features/sync/spreadsheet/existingSheetsOfFile';
async function main() {
  const file = process.argv[2]!;
  const e = await existingSheetsOfFile(file);
  for (const name of ['Leads', 'Unformatted'] as const) console.log(name, JSON.stringify([...e.rows(name)]));
  const wb = new ExcelJS.Workbook(); await wb.xlsx.readFile(file);
  wb.getWorksheet('Leads')!.eachRow((row) => console.log('full', JSON.stringify(row.values)));
}
main();
