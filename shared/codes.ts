/**
 * DIAN code lists (DOMAIN.md) with the Spanish labels a cashier sees. The union types are derived
 * from the lists, so a code that is not listed here does not type-check.
 */
import { foldText } from './folded-text';

export const IDENTIFICATION_TYPES = {
  '11': 'Registro civil',
  '12': 'Tarjeta de identidad',
  '13': 'Cédula de ciudadanía',
  '21': 'Tarjeta de extranjería',
  '22': 'Cédula de extranjería',
  '31': 'NIT',
  '41': 'Pasaporte',
  '42': 'Documento de identificación extranjero',
  '47': 'PEP (permiso especial de permanencia)',
  '48': 'PPT (permiso por protección temporal)',
  '50': 'NIT de otro país',
  '91': 'NUIP',
} as const;
export type IdentificationTypeCode = keyof typeof IDENTIFICATION_TYPES;

/** The NIT: its check digit is typed from the RUT and must match. */
export const NIT_TYPE = '31';

/** Identification types whose numbers carry letters (passports, foreign documents): no check digit, "0" is sent. */
export const ALPHANUMERIC_IDENTIFICATION_TYPES: ReadonlySet<string> = new Set(['21', '22', '41', '42', '47', '48', '50']);

export const PERSON_TYPES = {
  '1': 'Persona jurídica',
  '2': 'Persona natural',
} as const;
export type PersonTypeCode = keyof typeof PERSON_TYPES;

export const TAX_REGIMES = {
  '48': 'Responsable de IVA',
  '49': 'No responsable de IVA',
} as const;
export type TaxRegimeCode = keyof typeof TAX_REGIMES;

export const TAX_TYPES = {
  '01': 'IVA',
  '02': 'IC (impuesto al consumo)',
  '03': 'ICA (industria y comercio)',
  '04': 'INC (impuesto nacional al consumo)',
  '22': 'Bolsas plásticas',
} as const;
export type TaxTypeCode = keyof typeof TAX_TYPES;

/** DIAN's short tax scheme names: the UBL TaxScheme Name and the label on receipts and totals. */
export const TAX_SHORT_NAMES: Readonly<Record<TaxTypeCode, string>> = {
  '01': 'IVA',
  '02': 'IC',
  '03': 'ICA',
  '04': 'INC',
  '22': 'INC Bolsas',
};

/** The short name of a tax code; an unknown code is shown as it is. */
export function taxShortName(code: string): string {
  return (TAX_SHORT_NAMES as Readonly<Record<string, string>>)[code] ?? code;
}

/**
 * The percentages usually offered for each tax. ICA varies by municipality and the bag tax is
 * a value per bag, so they have no usual percentage to offer.
 */
export const TAX_USUAL_RATES = {
  '01': [0, 5, 19],
  '02': [],
  '03': [],
  '04': [8],
  '22': [],
} as const satisfies Record<TaxTypeCode, readonly number[]>;

export const PAYMENT_FORMS = {
  '1': 'Contado',
  '2': 'Crédito',
} as const;
export type PaymentFormCode = keyof typeof PAYMENT_FORMS;

export const PAYMENT_MEANS = {
  '10': 'Efectivo',
  '20': 'Cheque',
  '42': 'Consignación',
  '47': 'Transferencia',
  '48': 'Tarjeta crédito',
  '49': 'Tarjeta débito',
  '71': 'Bonos',
  '72': 'Vales',
  '1': 'No definido',
  ZZZ: 'Otro',
} as const;
export type PaymentMeansCode = keyof typeof PAYMENT_MEANS;

/** DIAN's unit table is UN/ECE Rec. 20; these are the units a counter sells by. */
export const UNIT_MEASURES = {
  '94': 'Unidad',
  KGM: 'Kilogramo',
  GRM: 'Gramo',
  LBR: 'Libra',
  LTR: 'Litro',
  MLT: 'Mililitro',
  GLL: 'Galón',
  MTR: 'Metro',
  CMT: 'Centímetro',
  MTK: 'Metro cuadrado',
  MTQ: 'Metro cúbico',
  DZN: 'Docena',
  PR: 'Par',
  BX: 'Caja',
  PK: 'Paquete',
  HUR: 'Hora',
  NIU: 'Número de unidades',
  ZZ: 'Mutuamente definido',
} as const;
export type UnitMeasureCode = keyof typeof UNIT_MEASURES;

/**
 * A DIVIPOLA municipality code: two digits of department, three of municipality. Any such code is accepted (there
 * are about 1 100 municipalities); the list below names the capitals for search.
 */
export const DIVIPOLA_CODE = /^\d{5}$/;

/** DIVIPOLA codes (5 digits) of Bogotá and the department capitals. */
export const MUNICIPALITIES = {
  '11001': 'Bogotá, D.C.',
  '05001': 'Medellín',
  '76001': 'Cali',
  '08001': 'Barranquilla',
  '13001': 'Cartagena de Indias',
  '68001': 'Bucaramanga',
  '15001': 'Tunja',
  '17001': 'Manizales',
  '18001': 'Florencia',
  '19001': 'Popayán',
  '20001': 'Valledupar',
  '23001': 'Montería',
  '27001': 'Quibdó',
  '41001': 'Neiva',
  '44001': 'Riohacha',
  '47001': 'Santa Marta',
  '50001': 'Villavicencio',
  '52001': 'Pasto',
  '54001': 'Cúcuta',
  '63001': 'Armenia',
  '66001': 'Pereira',
  '70001': 'Sincelejo',
  '73001': 'Ibagué',
  '81001': 'Arauca',
  '85001': 'Yopal',
  '86001': 'Mocoa',
  '88001': 'San Andrés',
  '91001': 'Leticia',
  '94001': 'Inírida',
  '95001': 'San José del Guaviare',
  '97001': 'Mitú',
  '99001': 'Puerto Carreño',
} as const;
export type MunicipalityCode = keyof typeof MUNICIPALITIES;

export interface Municipality { code: MunicipalityCode; name: string }

/** The shared folding rule, so "bogota" finds "Bogotá" and "cucuta" finds "Cúcuta". */
const fold = foldText;

const SEARCHABLE = (Object.keys(MUNICIPALITIES) as MunicipalityCode[])
  .map((code) => ({ code, name: MUNICIPALITIES[code], folded: fold(MUNICIPALITIES[code]) }))
  .sort((a, b) => (a.folded < b.folded ? -1 : a.folded > b.folded ? 1 : 0));

/**
 * Municipalities whose code starts with the digits typed, or whose name (or a word of it, so
 * "marta" finds Santa Marta) starts with the text typed, ignoring accents and case. Names that
 * start with the query come first; a blank query lists them all, by name.
 */
export function findMunicipality(query: string): Municipality[] {
  const q = fold(query);
  if (/^\d+$/.test(q)) return SEARCHABLE.filter((m) => m.code.startsWith(q)).map(({ code, name }) => ({ code, name }));
  const whole = SEARCHABLE.filter((m) => m.folded.startsWith(q));
  const word = SEARCHABLE.filter((m) => !m.folded.startsWith(q) && m.folded.split(/[\s,.]+/).some((w) => w.startsWith(q)));
  return [...whole, ...word].map(({ code, name }) => ({ code, name }));
}

/** True when `code` is one of the list's own codes (never an inherited name such as "toString"). */
export function isCodeOf(list: Readonly<Record<string, string>>, code: unknown): boolean {
  return typeof code === 'string' && Object.hasOwn(list, code);
}

/** The label of a code in a list, or the code itself when the list does not know it (kept, never dropped). */
export function labelOf(list: Readonly<Record<string, string>>, code: string): string {
  return Object.hasOwn(list, code) ? (list[code] ?? code) : code;
}
