/**
 * What is typed in the counter's product search. It lives outside the search box, so what the cashier types while
 * the receipt of the sale just charged is on screen (or while the focus is on a button of the counter) is kept and
 * lands in the box: typing is never lost to a screen change (issue 26).
 */
import { create } from 'zustand';

interface SearchTextState {
  text: string;
  set(text: string): void;
  append(text: string): void;
}

export const useSearchText = create<SearchTextState>()((set) => ({
  text: '',
  set: (text) => set({ text }),
  append: (more) => set((state) => ({ text: state.text + more })),
}));

export const PRODUCT_SEARCH_ID = 'product-search';
