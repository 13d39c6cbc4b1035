import ExcelJS from 'exceljs';
async function main() {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(process.argv[2]!, { worksheets: 'emit', sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'ignore', entries: 'ignore' });
  for await (const ws of reader) { const w = ws as any; let n = 0; for await (const row of ws) n++; console.log(w.id, w.name, n); }
}
main();
