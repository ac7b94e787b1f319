/** English words for the sale screen's guards. Typed against the Spanish ones. */
import type { esSale } from './es-sale';

export const enSale: typeof esSale = {
  problemQuantityTooLarge: (max: string) => `At most ${max} per line`,
  problemPriceTooLarge: (max: string) => `The highest price is ${max}`,
  problemTax: 'Choose a tax from the list',
  screenFailed: 'This screen ran into a problem and could not be shown.',
  screenFailedSaleKept: 'The sale in progress is kept: nothing was lost.',
  screenRetry: 'Try again',
  screenNotLoaded: 'This screen could not be loaded. Try again; if it keeps failing, restart Mostrador.',
  backToSale: 'Back to the sale',
  openSaleRestored: (lines: number) => (lines === 1 ? 'The sale in progress was brought back (1 product).' : `The sale in progress was brought back (${lines} products).`),
  openSaleNotKept: 'The sale in progress could not be saved on this computer; a reload might lose it.',
  tooManyLines: (max: number) => `A sale holds up to ${max} different products; charge this one and go on in a new one.`,
};
