import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.js';

describe('the CSV writer', () => {
  it.each([
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['+1+cmd|calc', "'+1+cmd|calc"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tTAB', "'\tTAB"],
    ['\r=1', `"'\r=1"`],
  ])('defuses the formula %j', (value, cell) => expect(csvCell(value)).toBe(cell));

  it.each(['-5', '-12.50', '+966500000000', '0', '3.000'])('leaves the number %s a number', (value) => expect(csvCell(value)).toBe(value));

  it('quotes commas, quotes and line breaks; writes numbers, null and undefined', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('writes a BOM, CRLF line ends and Arabic as UTF-8', () => {
    const csv = toCsv([['الاسم', 'name'], ['أحمد', '=1']]);
    expect(csv).toBe("\uFEFFالاسم,name\r\nأحمد,'=1\r\n");
    expect(Buffer.from(csv, 'utf8').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  });
});
