/**
 * Who makes this software, printed on every receipt (Resolución 000042 de 2020, art. 11: the software's name and
 * its maker's name and NIT). Pure.
 */

export interface SoftwareMakerDto {
  softwareName: string;
  makerName: string;
  makerNit: string;
}

// TODO(owner of the software): set the maker's legal name and NIT (with check digit) before shipping.
export const SOFTWARE_MAKER: SoftwareMakerDto = {
  softwareName: 'Mostrador',
  makerName: '[FABRICANTE POR DEFINIR]',
  makerNit: '[NIT POR DEFINIR]',
};

/** The receipt's line for the software and its maker. */
export function softwareMakerLine(m: SoftwareMakerDto): string {
  return `Software: ${m.softwareName} · Fabricante: ${m.makerName} · NIT ${m.makerNit}`;
}
