/**
 * The counter's late chunk: what is not on screen at its first render, fetched right after it
 * (`counter-later-loader.tsx`). Nothing a scan needs is here (the wedge, the search and the cart are in the first
 * download), so a scan typed before this arrives is handled as ever.
 */
import '../styles/counter-later.css';

export { describeBridgeError, localizeFieldMessage } from '../bridge/bridge-error-text';
export { CustomerSearch } from '../customer/CustomerSearch';
export { counterMessagesFor } from '../i18n/counter-text';
export { OwnerPinDialog } from '../people/OwnerPinDialog';
export { StatusExtras } from '../status/StatusExtras';
export { SyncErrorLine } from '../status/SyncErrorLine';
export { ConfirmTotal } from './ConfirmTotal';
export { OpenShiftAtCharge } from './OpenShiftAtCharge';
export { Keypad } from './Keypad';
export { LastSale } from './LastSale';
export { ParkedList } from './ParkedList';
