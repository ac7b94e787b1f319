import { describe, expect, it } from 'vitest';
import { CsvFileError, decodeCsvBytes, readCsv } from '../../../common/csv/csv-file';
import { readCustomerCsv, writeCustomerCsv } from '../../../common/csv/customer-csv';

const HEADER = 'tipo_identificacion;identificacion;dv;nombre;tipo_persona;regimen;correo;municipio';

describe('customer CSV files as owners have them', () => {
  it('reads `;` with Windows-1252 accents, computes a blank DV, defaults person type and regime, mends a dropped leading zero', () => {
    const text = `${HEADER}\r\n31;900373115;;Distribuidora Peña SAS;;;compras@pena.example.co;5001\r\n13;1020304050;;José Gómez;;;jose@example.co;Cali\r\n`;
    const bytes = new Uint8Array([...text].map((c) => c.charCodeAt(0))); // Latin-1 = Windows-1252 for these letters
    const reading = readCustomerCsv(decodeCsvBytes(bytes));
    expect(reading.problems).toEqual([]);
    expect(reading.customers.map((r) => r.customer)).toEqual([
      { identification_type: '31', identification: '900373115', dv: '3', person_type: '1', name: 'Distribuidora Peña SAS', tax_regime: '48', email: 'compras@pena.example.co', municipality_code: '05001' },
      { identification_type: '13', identification: '1020304050', dv: expect.stringMatching(/^\d$/), person_type: '2', name: 'José Gómez', tax_regime: '49', email: 'jose@example.co', municipality_code: '76001' },
    ]);
  });

  it('reads `,` with UTF-8 and a BOM, headers in other words and order, a NIT written with its DV', () => {
    const text = '\uFEFFNombre,NIT,Tipo de identificación,Correo electrónico,Municipio\n"Tienda, La Esquina",900373115-3,31,a@b.co,11001\n';
    const reading = readCustomerCsv(decodeCsvBytes(new TextEncoder().encode(text)));
    expect(reading.problems).toEqual([]);
    expect(reading.customers[0]?.customer).toMatchObject({ name: 'Tienda, La Esquina', identification: '900373115', dv: '3' });
  });

  it('names the row and the column of each problem, as the spreadsheet shows them (header = row 1)', () => {
    const text = [
      HEADER,
      '31;900373115;4;Mala DV SAS;1;48;a@b.co;11001',
      '13;52345678;;Sin correo;2;49;;11001',
      '99;123;;Tipo raro;2;49;x@y.co;11001',
      '',
      '31;900373115;3;Repetido;1;48;a@b.co;11001',
      '31;900373115;3;Repetido otra vez;1;48;a@b.co;11001',
      '13;1;;Demasiadas;2;49;a@b.co;11001;extra',
    ].join('\n');
    const { problems, customers, rows } = readCustomerCsv(text);
    expect(rows).toBe(6);
    expect(problems.map((p) => [p.row, p.column])).toEqual([
      [2, 'dv'], [3, 'correo'], [4, 'tipo_identificacion'], [7, 'identificacion'], [8, null],
    ]);
    expect(problems[3]?.message).toBe('repeats the customer of row 6');
    expect(customers.map((c) => c.row)).toEqual([6]);
  });

  it('a missing column or a broken file is one problem, not a crash', () => {
    expect(readCustomerCsv('nombre;correo\nAna;a@b.co').problems.map((p) => p.column)).toEqual(['tipo_identificacion', 'identificacion', 'municipio']);
    expect(() => readCsv(`${HEADER}\n31;"900373115;3;X;1;48;a@b.co;11001\n`, { maxRows: 10 })).toThrow(CsvFileError);
    expect(() => readCsv('', { maxRows: 10 })).toThrow(CsvFileError);
  });

  it('what it exports it reads back unchanged', () => {
    const customer = { identification_type: '31', identification: '900373115', dv: '3', person_type: '1', name: 'Café "El Paisa"; SAS', tax_regime: '48', email: 'a@b.co', municipality_code: '05001' };
    const csv = writeCustomerCsv([customer]);
    expect(csv.startsWith(`\uFEFF${HEADER}\r\n`)).toBe(true);
    expect(readCustomerCsv(decodeCsvBytes(new TextEncoder().encode(csv))).customers.map((c) => c.customer)).toEqual([customer]);
  });
});
