/**
 * The bytes of a spreadsheet exported as CSV, as text. Owners' files come as UTF-8 (with or without a BOM) or as
 * Windows-1252 (Excel on Windows): a file that is not valid UTF-8 is read as Windows-1252, which decodes any byte.
 * Used by the renderer (a chosen file) and the core (tests, benchmarks), so both read a file the same way.
 */

// TextDecoder is in every engine Mostrador runs on (browsers, Node); shared/ has neither DOM nor Node types.
interface Decoder { decode(bytes: Uint8Array): string }
type DecoderConstructor = new (label: string, options?: { fatal?: boolean; ignoreBOM?: boolean }) => Decoder;
const TextDecoderOf = (globalThis as unknown as { TextDecoder: DecoderConstructor }).TextDecoder;

export type CsvEncoding = 'utf-8' | 'windows-1252';

export function decodeCsvBytes(bytes: Uint8Array): { text: string; encoding: CsvEncoding } {
  try {
    // The BOM is dropped by the decoder (ignoreBOM false), so the first header is read without it.
    return { text: new TextDecoderOf('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoderOf('windows-1252').decode(bytes), encoding: 'windows-1252' };
  }
}
