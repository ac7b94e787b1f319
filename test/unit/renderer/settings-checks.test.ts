import { describe, expect, it } from 'vitest';
import type { SellerDto } from '../../../shared/bridge/types';
import { checkConnection, checkDefaults, checkSeller, fieldErrorsFor } from '../../../renderer/settings/settings-checks';

const seller: SellerDto = {
  name: 'Tienda La Esquina SAS', nit: '900373115', dv: '3', address: 'Cra 7 # 12-34', phone: '6015551234',
  email: 'ventas@laesquina.co', municipalityCode: '11001', resolutionText: 'Resolución DIAN 18760000001 de 2024-01-01',
};

describe('settings checks', () => {
  it('accepts a complete connection and names each wrong field', () => {
    expect(checkConnection({ baseUrl: 'https://api.example.com', clientId: 'fc_live_1', clientSecret: 'x' })).toEqual({});
    expect(checkConnection({ baseUrl: 'api.example.com', clientId: 'client', clientSecret: '' })).toEqual({
      baseUrl: 'problemUrl', clientId: 'problemClientId', clientSecret: 'problemRequired',
    });
    expect(checkConnection({ baseUrl: 'ftp://x.co', clientId: '', clientSecret: 'y'.repeat(501) })).toEqual({
      baseUrl: 'problemUrl', clientId: 'problemRequired', clientSecret: 'problemTooLong',
    });
  });

  it('checks the seller NIT against its DV', () => {
    expect(checkSeller(seller)).toEqual({});
    expect(checkSeller({ ...seller, dv: '4' })).toEqual({ dv: 'problemDv' });
    expect(checkSeller({ ...seller, nit: '900.373.115' })).toEqual({ nit: 'problemNit' });
    expect(checkSeller({ ...seller, name: ' ', email: 'x', municipalityCode: 'Bogotá' })).toEqual({
      name: 'problemRequired', email: 'problemEmail', municipalityCode: 'problemMunicipality',
    });
    expect(checkSeller({ ...seller, email: '' })).toEqual({}); // the seller's e-mail is optional
  });

  it('requires the consumidor final defaults', () => {
    expect(checkDefaults({ defaultEmail: 'caja@tienda.co', defaultMunicipalityCode: '05001', printerName: '' })).toEqual({});
    expect(checkDefaults({ defaultEmail: '', defaultMunicipalityCode: '5001', printerName: 'p'.repeat(201) })).toEqual({
      defaultEmail: 'problemRequired', defaultMunicipalityCode: 'problemMunicipality', printerName: 'problemTooLong',
    });
  });

  it('maps the bridge per-field errors onto a form', () => {
    const fields = { 'seller.nit': 'the NIT must be 5 to 15 digits', 'seller.dv': 'one digit', clientId: 'must start with fc_' };
    expect(fieldErrorsFor(fields, 'seller')).toEqual({ nit: 'the NIT must be 5 to 15 digits', dv: 'one digit' });
    expect(fieldErrorsFor(fields)).toEqual({ clientId: 'must start with fc_' });
    expect(fieldErrorsFor(undefined)).toEqual({});
  });
});
