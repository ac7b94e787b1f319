/** The words on a thermal receipt, per language (the screen's receipt says the same in renderer/i18n). */
import type { Locale } from '../../../shared/bridge/types';

export interface PaperWords {
  copy: string;
  /** A print of a job that may already be on paper (its bytes all left, the printer never confirmed). */
  reprint: string;
  notFiscalBanner: string;
  notFiscalFooter: string;
  invoiceNumber: string;
  saleNumber: string;
  soldBy: string;
  reference: string;
  issuedAt: string;
  validatedAt: string;
  buyer: string;
  phone: string;
  discountShort: string;
  noTax: string;
  subtotal: string;
  discounts: string;
  taxOn: string;
  total: string;
  paymentForm: string;
  paymentMeans: string;
  cashDue: string;
  cashReceived: string;
  cashChange: string;
  software: string;
  testTitle: string;
  testSpanish: string;
  testPrinter: string;
  testQr: string;
}

export const PAPER_WORDS: Record<Locale, PaperWords> = {
  'es-CO': {
    copy: '*** COPIA ***',
    reprint: '*** REIMPRESIÓN ***',
    notFiscalBanner: 'COMPROBANTE PROVISIONAL - NO ES UNA FACTURA ELECTRÓNICA',
    notFiscalFooter: 'Documento sin validez fiscal. La factura electrónica se entrega cuando la DIAN la valide.',
    invoiceNumber: 'Número', saleNumber: 'Venta', soldBy: 'Cajero', reference: 'Referencia', issuedAt: 'Expedida', validatedAt: 'Validada',
    buyer: 'Adquiriente', phone: 'Teléfono', discountShort: 'desc.', noTax: 'Sin impuesto', subtotal: 'Subtotal',
    discounts: 'Descuentos', taxOn: 'sobre', total: 'TOTAL', paymentForm: 'Forma de pago', paymentMeans: 'Medio de pago',
    cashDue: 'Total en efectivo', cashReceived: 'Efectivo recibido', cashChange: 'Cambio', software: 'Software:',
    testTitle: 'PÁGINA DE PRUEBA', testSpanish: 'Español: ñ Ñ á é í ó ú ü ¿Sí? ¡Listo!', testPrinter: 'Impresora',
    testQr: 'Código QR de prueba',
  },
  en: {
    copy: '*** COPY ***',
    reprint: '*** REPRINT ***',
    notFiscalBanner: 'PROVISIONAL SLIP - NOT AN ELECTRONIC INVOICE',
    notFiscalFooter: 'Not a fiscal document. The electronic invoice is delivered once DIAN validates it.',
    invoiceNumber: 'Number', saleNumber: 'Sale', soldBy: 'Cashier', reference: 'Reference', issuedAt: 'Issued', validatedAt: 'Validated',
    buyer: 'Buyer', phone: 'Phone', discountShort: 'disc.', noTax: 'No tax', subtotal: 'Subtotal',
    discounts: 'Discounts', taxOn: 'on', total: 'TOTAL', paymentForm: 'Payment form', paymentMeans: 'Payment means',
    cashDue: 'Cash total', cashReceived: 'Cash received', cashChange: 'Change', software: 'Software:',
    testTitle: 'TEST PAGE', testSpanish: 'Spanish: ñ Ñ á é í ó ú ü ¿Sí? ¡Listo!', testPrinter: 'Printer',
    testQr: 'Test QR code',
  },
};
