/** CSV downloads a spreadsheet cannot run as formulas (the audit log, every analytics table). */
import { csvCell, csvText } from './csv';

describe('CSV cells and texts', () => {
  it.each([
    ['=HYPERLINK("http://evil")', `"'=HYPERLINK(""http://evil"")"`],
    ['+1', "'+1"],
    ['-2', "'-2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tTab', "'\tTab"],
    ['plain, with comma', '"plain, with comma"'],
    ['two\nlines', '"two\nlines"'],
    ['ok', 'ok'],
  ])('makes a CSV cell of %j safe for spreadsheets', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('writes a header and rows with CRLF line ends, a byte-order mark and empty cells for missing values', () => {
    expect(
      csvText(
        ['day', 'views'],
        [
          ['2026-12-01', 3],
          ['=1+1', null],
        ],
      ),
    ).toBe("\uFEFFday,views\r\n2026-12-01,3\r\n'=1+1,\r\n");
  });
});
