/**
 * Spanish (Colombia), the default language: the words of the first render (the counter, the top bar, the status
 * bar, the sign-in) and the general ones. Part of the first download; what the counter needs only later (problems,
 * panels and dialogs) is `es-later.ts`, the back office's own words `es-back-office.ts`, both in chunks. `es.ts` joins
 * the three into the dictionary's shape.
 */
import { esSale } from './es-sale';
import { esCounter } from './es-counter';
import { esPeople } from './es-people';
import { esTouch } from './es-touch';
import { esCart } from './es-cart';
import { esShopLine } from './es-shop-line';
import { esUpdateLine } from './es-update-line';

export const esFirst = {
  // app
  loading: 'Cargando…',
  mainNav: 'Navegación principal',
  sale: 'Venta',
  history: 'Historial',
  ownerView: 'Tienda',
  settings: 'Ajustes',
  dismiss: 'Cerrar mensaje',
  missingKey: 'Esta página necesita la dirección completa que mostró Mostrador al iniciar (termina en #key=…). Ábrala de nuevo desde la terminal o péguela aquí (en el servidor de la tienda, npm run server -- status la vuelve a mostrar).',
  coreUnavailable: 'No se pudo conectar con el servicio de Mostrador en este equipo.',
  // The late chunk of the counter (renderer/sale/counter-later-loader.tsx) did not load: its words did not come either.
  problemWordsMissing: 'La operación no se completó, y no se pudo cargar la explicación del problema. Intente de nuevo; si sigue igual, reinicie Mostrador.',
  counterPartMissing: 'No se pudo cargar esta parte de la venta.',
  cancel: 'Cancelar',
  actions: 'Acciones',
  // sale
  saleInProgress: 'Venta en curso',
  checkout: 'Cobro',
  productSearch: 'Buscar producto',
  productSearchHint: 'Nombre, código o código de barras',
  productResults: 'Productos encontrados',
  basePrice: (base: string) => `base ${base}`,
  productNotFound: (text: string) => `No hay productos que coincidan con «${text}».`,
  barcodeNotFound: (code: string) => `El código de barras ${code} no está en el catálogo.`,
  cartEmpty: 'Sin productos. Escanee un código de barras o busque un producto (F2).',
  cartLines: 'Productos de la venta',
  product: 'Producto',
  quantity: 'Cantidad',
  unitPrice: 'Precio unitario',
  discountRate: 'Desc. %',
  tax: 'Impuesto',
  noTax: 'Sin impuesto',
  lineTotal: 'Valor',
  removeLine: 'Quitar',
  totals: 'Totales',
  subtotal: 'Subtotal',
  discounts: 'Descuentos',
  taxBase: 'base',
  total: 'Total',
  payment: 'Pago',
  paymentForm: 'Forma de pago',
  paymentMeans: 'Medio de pago',
  charge: 'Cobrar',
  charging: 'Guardando…',
  chargeEmpty: 'Agregue al menos un producto antes de cobrar.',
  chargeFixLines: 'Corrija los valores marcados en rojo antes de cobrar.',
  chargeNoSettings: 'Los ajustes aún no cargan; intente de nuevo en un momento.',
  chargeFailed: 'La venta no se guardó.',
  counterSchemasMissing: 'No se pudieron cargar las reglas de la venta de Mostrador. Intente de nuevo.',
  charged: (saleNumber: string, total: string) => `${saleNumber} guardada (${total}). Se enviará a la DIAN automáticamente.`,
  problemQuantity: 'Cantidad mayor que 0, hasta 3 decimales',
  problemPrice: 'Precio de 0 en adelante, hasta 2 decimales',
  problemDiscount: 'Entre 0 y 100',
  // customer
  customer: 'Cliente',
  consumidorFinal: 'Consumidor final',
  dv: 'DV',
  customerName: 'Nombre o razón social',
  email: 'Correo electrónico',
  municipality: 'Municipio (nombre o código DIVIPOLA)',
  // status
  statusBar: 'Estado',
  statusLoading: 'Consultando el estado…',
  connection: { online: 'En línea', offline: 'Sin conexión', unauthorized: 'Credenciales rechazadas', misconfigured: 'Conexión por revisar' },
  pendingCount: (n: number) => (n === 0 ? 'Todo enviado' : n === 1 ? '1 venta pendiente' : `${n} ventas pendientes`),
  sendingProgress: (done: number, total: number) => `Enviando ${done} de ${total}`,
  /** Sales of a service not in use still on their way; `baseUrl` null = the demo. */
  otherServicePending: (n: number, baseUrl: string | null) =>
    `${n === 1 ? '1 venta' : `${n} ventas`} ${baseUrl === null ? 'del modo demo' : `del servicio ${baseUrl}`} por enviar`,
  activityValidating: 'Validando con la DIAN…',
  activityRateLimited: (seconds: number) => `Esperando el límite de solicitudes del servicio (reanuda en ${seconds} s)`,
  activityChecking: 'Comprobando la conexión…',
  // Shown next to the connection state ("Sin conexión"), so it does not repeat it.
  activityWaitingConnection: (seconds: number) => `Se vuelve a comprobar en ${seconds} s`,
  needsAttentionCount: (n: number) => (n === 1 ? '1 venta requiere atención' : `${n} ventas requieren atención`),
  lastError: 'Último error',
  retryNow: 'Reintentar ahora',
  demoExplained: 'Modo demostración: las ventas van a un servicio de prueba en este equipo, no a la DIAN.',
  state: 'Estado',
  serviceMessage: 'Respuesta del servicio',
  baseUrl: 'URL base del servicio',
  clientId: 'Identificador de cliente (client_id)',
  businessName: 'Razón social',
  nit: 'NIT',
  cashierMaxDiscount: 'Descuento máximo que un cajero puede dar solo (%)',
  defaultEmail: 'Correo por defecto',
  catalog: 'Catálogo',
  shift: 'Turno',
  ...esSale,
  ...esCounter,
  ...esPeople,
  ...esTouch,
  ...esCart,
  ...esShopLine,
  ...esUpdateLine,
};
