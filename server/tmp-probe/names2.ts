import ExcelJS from 'exceljs';
import fs from 'node:fs';
async function main() {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(fs.createReadStream(process.argv[2]!), { worksheets: 'emit', sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'ignore', entries: 'ignore' });
  for await (const ws of reader) { const w = ws as any; let n = 0; for await (const row of ws) n++; console.log(w.id, w.name, n); }
  const r2 = new ExcelJS.stream.xlsx.WorkbookReader(process.argv[2]!, {});
  for await (const ws of r2) { const w = ws as any; console.log('no-consume', w.id, w.name); }
}
main();
