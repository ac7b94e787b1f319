/** Spanish words for people at the till: who is selling, the People screen, the owner's PIN. Spread into es.ts. */

export const esPeople = {
  people: 'Personas',
  whoIsSelling: '¿Quién está vendiendo?',
  whoIsSellingHint: 'Elija su nombre y escriba su PIN.',
  pin: 'PIN',
  signIn: 'Entrar',
  changePerson: 'Cambiar de persona',
  sellingNow: (name: string) => `Vende: ${name}`,
  roleOwner: 'Dueño',
  roleCashier: 'Cajero',
  role: 'Rol',
  unlockShort: 'Cambiar',
  unlockPrice: (name: string) => `Cambiar precio o impuesto: ${name}`,
  lockedPrice: 'Precio e impuesto del catálogo: un cajero necesita al dueño para cambiarlos',
  unlockDiscount: (name: string) => `Cambiar descuento: ${name}`,
  lockedDiscount: (max: string) => `Un cajero da solo hasta el ${max} % de descuento; más necesita al dueño`,
  approvePrice: (product: string) => `Cambiar el precio de ${product} en esta venta`,
};
