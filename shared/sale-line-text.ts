/**
 * The text fields of a sale line (product code, name, unit of measure) as Mostrador accepts them: one rule each,
 * used by the charge (`sale-input.ts`) and by the open sale (`open-sale.ts`), which cannot import each other
 * (the charge names the open sale it clears).
 */
import { UNIT_MEASURES } from './codes';
import { codeOf, requiredText } from './field-rules';
import { LIMITS } from './limits';

export const productCodeText = () => requiredText(LIMITS.productCodeLength);
export const productNameText = () => requiredText(LIMITS.productNameLength);
export const unitMeasureCode = () => codeOf(UNIT_MEASURES, 'unit of measure');
