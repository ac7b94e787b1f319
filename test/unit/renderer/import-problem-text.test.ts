import { describe, expect, it } from 'vitest';
import { importProblemText } from '../../../renderer/app/import-problem-text';
import { screenMessagesFor as messagesFor } from '../../../renderer/i18n/screen-text';

describe('CSV import problems in the owner\'s language', () => {
  const es = messagesFor('es-CO');
  it('says the core\'s import messages in Spanish, and the shared field rules through the bridge\'s wording', () => {
    expect(importProblemText('"diecinueve" is not a number', es)).toBe('«diecinueve» no es un número');
    expect(importProblemText('code A-1 is already on row 2', es)).toBe('el código A-1 ya está en la fila 2');
    expect(importProblemText('barcode 111 already belongs to product A', es)).toBe('el código de barras 111 ya es del producto A');
    expect(importProblemText('no base price with 2 decimals pays exactly 1004.00; the nearest (843.70) pays 1004.01 (difference 0.01)', es))
      .toBe('ningún precio base da exactamente 1004.00; el más cercano cobra 1004.01 (diferencia 0.01)');
    expect(importProblemText('"7,70123E+12" is a number the spreadsheet wrote in scientific notation and its digits are lost: format the column as Text and type the codes again', es))
      .toBe('«7,70123E+12» es un número que la hoja de cálculo escribió en notación científica y perdió dígitos: dé a la columna formato Texto y vuelva a escribir los códigos');
    expect(importProblemText('"INC bolsas" is a tax per unit (INC bolsas), not a percentage: remove it from the file', es))
      .toBe('«INC bolsas» es un impuesto por unidad (INC bolsas), no un porcentaje: Mostrador solo maneja impuestos en porcentaje; quítelo del archivo');
    expect(importProblemText('does not match "Exento"', es)).toBe('no coincide con «Exento»');
    expect(importProblemText('is required', es)).toBe(es.fieldRules.required);
  });

  it('one table for both imports: the shared reader\'s messages, the customers\' and the products\' read alike', () => {
    expect(importProblemText('the column "correo" is missing', es)).toBe('Falta la columna «correo»');
    expect(importProblemText('the column "codigo" appears twice', es)).toBe('la columna «codigo» está dos veces');
    expect(importProblemText('the file has more than 60000 rows; import it in parts', es)).toBe('el archivo tiene más de 60000 filas: impórtelo por partes');
    expect(importProblemText('this column is not used', es)).toBe('esta columna no se usa');
    expect(importProblemText('repeats the customer of row 6', es)).toBe('Repite el cliente de la fila 6');
    expect(importProblemText('"12.900" is ambiguous: write it without thousands separators', es)).toBe('«12.900» es ambiguo: escríbalo sin separador de miles');
  });
});
