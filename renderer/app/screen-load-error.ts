/** A screen's code could not be fetched (the browser-mode host gone, a file missing): not a bug in the screen. */
export class ScreenLoadError extends Error {
  /** Lets the next render fetch the chunk again (the boundary's retry calls it). */
  readonly forget: () => void;

  constructor(cause: unknown, forget: () => void) {
    super('a screen could not be loaded', { cause });
    this.name = 'ScreenLoadError';
    this.forget = forget;
  }
}
