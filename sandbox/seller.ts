/** The seller the sandbox invoices for. Fictitious demo data; the NIT carries a valid check digit. */
export interface SandboxSeller {
  nit: string;
  dv: string;
  name: string;
  address: string;
  municipality_code: string;
  email: string;
  /** DIAN "clave técnica" of the numbering range; part of the CUFE input. Public demo value, not a secret. */
  technicalKey: string;
}

export const DEMO_SELLER: SandboxSeller = {
  nit: '900373115',
  dv: '3',
  name: 'Tienda Demo Mostrador S.A.S.',
  address: 'Carrera 7 # 32-16',
  municipality_code: '11001',
  email: 'facturacion@demo.mostrador.test',
  technicalKey: 'fc8eac422eba16e22ffd8c6f94b3f40a6e38162c',
};
